// /settings/whitelabel (SPEC §2, §3): a customer's own domains for scan URLs. Platform admins pick
// a customer, add hostnames, check their DNS (or mark them verified), choose the primary one and
// its scheme, and remove them; customer admins read their own list with the DNS record to set and
// copy buttons.
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Select,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCallback, useEffect, useState } from 'react';
import {
  Form,
  Loading,
  SaveButton,
  TextInput,
  useDataProvider,
  useGetIdentity,
  useTranslate,
} from 'react-admin';
import {
  WHITE_LABEL_SCHEMES,
  whiteLabelHostnameInputSchema,
  type WhiteLabelHostname,
  type WhiteLabelHostnameUpdate,
} from '../../shared/schemas/whiteLabel';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { CustomerPicker } from '../common/CustomerPicker';
import { CopyButton } from '../common/CopyButton';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { PageCard } from '../forms/PageCard';
import { submitForm } from '../forms/submitForm';
import { useHasPermission } from '../useHasPermission';
import { useResultNotify } from '../useNotifications';
import { zodValidate } from '../validation';

const validate = zodValidate(whiteLabelHostnameInputSchema);
const noticeType = { key: 'app.white_label.notice_type' };

function DnsRecord({ record }: { record: WhiteLabelHostname['dnsRecord'] }) {
  const text = `${record.name} ${record.type} ${record.value}`;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography
        variant="body2"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        data-testid="white-label-dns-record"
      >
        {text}
      </Typography>
      <CopyButton value={record.value} label="app.white_label.copy_target" />
    </Stack>
  );
}

function HostnameRow({
  row,
  mayEdit,
  onChange,
  onDelete,
  onVerify,
}: {
  row: WhiteLabelHostname;
  mayEdit: boolean;
  onChange: (input: WhiteLabelHostnameUpdate) => void;
  onDelete: () => Promise<void>;
  onVerify: () => void;
}) {
  const translate = useTranslate();
  return (
    <TableRow data-testid={`white-label-row-${row.hostname}`}>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {row.hostname}
          </Typography>
          <CopyButton value={row.hostname} label="app.white_label.copy_hostname" />
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Chip
            size="small"
            color={row.verified ? 'success' : 'warning'}
            label={translate(
              row.verified ? 'app.white_label.verified' : 'app.white_label.unverified',
            )}
          />
          {row.primary && (
            <Chip size="small" color="primary" label={translate('app.white_label.primary')} />
          )}
        </Stack>
      </TableCell>
      <TableCell>
        <DnsRecord record={row.dnsRecord} />
      </TableCell>
      <TableCell>
        {mayEdit ? (
          <Select
            size="small"
            value={row.scheme}
            onChange={(event) =>
              onChange({ scheme: event.target.value as WhiteLabelHostname['scheme'] })
            }
            inputProps={{ 'aria-label': translate('app.white_label.scheme') }}
          >
            {WHITE_LABEL_SCHEMES.map((scheme) => (
              <MenuItem key={scheme} value={scheme}>
                {scheme}
              </MenuItem>
            ))}
          </Select>
        ) : (
          row.scheme
        )}
      </TableCell>
      {mayEdit && (
        <TableCell>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button size="small" onClick={onVerify}>
              {translate('app.white_label.check_dns')}
            </Button>
            <Button size="small" onClick={() => onChange({ verified: !row.verified })}>
              {translate(
                row.verified ? 'app.white_label.mark_unverified' : 'app.white_label.mark_verified',
              )}
            </Button>
            {!row.primary && (
              <Button
                size="small"
                disabled={!row.verified}
                onClick={() => onChange({ primary: true })}
              >
                {translate('app.white_label.make_primary')}
              </Button>
            )}
            <ConfirmActionButton
              label="app.white_label.delete"
              icon={<DeleteIcon />}
              title="app.white_label.delete_title"
              titleArgs={{ hostname: row.hostname }}
              content="app.white_label.delete_content"
              onConfirm={onDelete}
              color="error"
            />
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}

export function WhiteLabelSettingsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { identity, isPending: identityPending } = useGetIdentity();
  const mayEdit = useHasPermission('WhiteLabelSettings');
  const { success, failure } = useResultNotify({ unprocessable: 'api' });
  const ownCustomer = (identity?.customerId as string | null | undefined) ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const customerId = mayEdit ? chosen : ownCustomer;
  const [rows, setRows] = useState<WhiteLabelHostname[] | null>(null);

  const load = useCallback(async () => {
    if (!customerId) return;
    try {
      setRows((await dataProvider.getWhiteLabelHostnames(customerId)).data);
    } catch (error) {
      failure(noticeType, 'getting', error);
    }
  }, [customerId, dataProvider, failure]);

  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);

  const act = async (work: () => Promise<unknown>, done: 'saved' | 'deleted') => {
    try {
      await work();
      success(noticeType, done);
    } catch (error) {
      failure(noticeType, done === 'deleted' ? 'deleting' : 'saving', error);
    }
    await load();
  };

  const add = async (values: Record<string, unknown>) => {
    const parsed = whiteLabelHostnameInputSchema.safeParse(values);
    if (!parsed.success || !customerId) return undefined;
    return submitForm(
      async () => {
        await dataProvider.addWhiteLabelHostname(customerId, parsed.data);
        success(noticeType, 'saved');
        await load();
      },
      (error) => failure(noticeType, 'saving', error),
    );
  };

  if (identityPending) return <Loading />;
  return (
    <PageCard
      title="app.white_label.title"
      intro={mayEdit ? 'app.white_label.intro_admin' : 'app.white_label.intro'}
      sx={{ mt: 2 }}
    >
      {mayEdit && (
        // Platform admins choose whose domains they manage; everyone else sees their own.
        <CustomerPicker
          value={chosen}
          onChange={setChosen}
          label="app.white_label.customer"
          testId="white-label-customer"
        />
      )}
      {!customerId ? (
        <Alert severity="info">{translate('app.white_label.choose_customer')}</Alert>
      ) : rows === null ? (
        <Loading />
      ) : (
        <>
          {rows.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.white_label.empty')}
            </Alert>
          ) : (
            // Wide on a phone: the table scrolls inside its own box, the page does not.
            <HeadedTable
              label="app.white_label.title"
              scroll={{ overflowX: 'auto', mb: 2 }}
              columns={[
                'app.white_label.hostname',
                'app.white_label.state',
                'app.white_label.dns_record',
                'app.white_label.scheme',
                mayEdit && 'app.white_label.actions',
              ]}
            >
              {rows.map((row) => (
                <HostnameRow
                  key={row.id}
                  row={row}
                  mayEdit={mayEdit}
                  onChange={(input) =>
                    void act(
                      () => dataProvider.updateWhiteLabelHostname(row.customerId, row.id, input),
                      'saved',
                    )
                  }
                  onVerify={() =>
                    void act(
                      () => dataProvider.verifyWhiteLabelHostname(row.customerId, row.id),
                      'saved',
                    )
                  }
                  onDelete={() =>
                    act(
                      () => dataProvider.deleteWhiteLabelHostname(row.customerId, row.id),
                      'deleted',
                    )
                  }
                />
              ))}
            </HeadedTable>
          )}
          {mayEdit && (
            <Box sx={{ maxWidth: 480 }}>
              <Form key={customerId} onSubmit={add} validate={validate} mode="onSubmit">
                <TextInput
                  source="hostname"
                  label="app.white_label.add_label"
                  helperText="app.white_label.add_help"
                  fullWidth
                />
                <SaveButton label="app.white_label.add" alwaysEnable />
              </Form>
            </Box>
          )}
        </>
      )}
    </PageCard>
  );
}
