// /projects/:pid/short-links/:id/details/edit (shortLinkDetailsEdit): uri, name, description and
// tags; the full URL with copy, the link as a QR code; duplicate and trash at the top.
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { shortLinkInputSchema, type ShortLink } from '../../shared/schemas/shortLink';
import { ActionLabel } from '../qr-codes/ActionLabel';
import { DestinationWarning } from '../actions/DestinationWarning';
import type { QrCodeRecord } from '../qr-codes/types';
import { LabelsInput } from '../labels/LabelsInput';
import { useRecordWithoutLabels } from '../labels/useRecordWithoutLabels';
import { ShortLinkActions } from './ShortLinkActions';
import { uriAwareValidate } from './ShortLinkCreate';
import { ShortLinkQrCode } from './ShortLinkQrCode';
import { ShortLinkScanUrl } from './ShortLinkScanUrl';
import { ShortLinkUriInput } from './ShortLinkUriInput';
import { useLinkNotify } from '../useNotifications';

const validateEdit = uriAwareValidate(
  shortLinkInputSchema.pick({ uri: true, name: true, description: true }),
);

function TopActions({ pid }: { pid: string }) {
  const record = useRecordContext<ShortLink>();
  if (!record) return null;
  return (
    <TopToolbar>
      <ShortLinkActions pid={pid} id={record.id} name={record.name} />
    </TopToolbar>
  );
}

function Details({ pid, labels }: { pid: string; labels: ShortLink['labels'] }) {
  const record = useRecordContext<ShortLink>();
  const translate = useTranslate();
  if (!record) return null;
  const scanBase = record.scanUrl.slice(0, record.scanUrl.length - record.uri.length);
  return (
    <Box
      sx={{
        width: '100%',
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Box>
        <ShortLinkUriInput projectId={pid} scanBase={scanBase} />
        <TextInput
          source="name"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'short-link-name-input' } }}
        />
        <TextInput source="description" fullWidth multiline minRows={2} />
        <Box sx={{ mt: 1 }}>
          <LabelsInput itemType="short_link" itemId={record.id} projectId={pid} labels={labels} />
        </Box>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <ShortLinkScanUrl url={record.scanUrl} />
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('resources.short-links.fields.action')}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <ActionLabel action={record.action as QrCodeRecord['action']} />
              </Box>
            </Box>
            <DestinationWarning
              projectId={pid}
              actionId={(record.action as QrCodeRecord['action'])?.id}
            />
            <Typography variant="body2" color="text.secondary">
              {translate('app.short_links.scans_total', { smart_count: record.scans })}
            </Typography>
            <ShortLinkQrCode
              projectId={pid}
              id={String(record.id)}
              name={record.name}
              url={record.scanUrl}
            />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The form's record leaves the tags out, so a tag change does not reset typed fields. */
function ShortLinkForm({ pid }: { pid: string }) {
  const { record, formRecord } = useRecordWithoutLabels<ShortLink>();
  if (!record || !formRecord) return null;
  return (
    <SimpleForm
      record={formRecord}
      validate={validateEdit}
      mode="onChange"
      toolbar={
        <Toolbar>
          <SaveButton data-testid="short-link-save" />
        </Toolbar>
      }
    >
      <Details pid={pid} labels={record.labels} />
    </SimpleForm>
  );
}

export function ShortLinkEdit({ pid, id }: { pid: string; id: string }) {
  const { success, failure } = useLinkNotify();
  const meta = { projectId: pid };
  return (
    <Edit
      resource="short-links"
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      queryOptions={{ meta }}
      // ShortLinkPage sets the page title for every tab.
      title={false}
      actions={<TopActions pid={pid} />}
      // Tags save on their own (LabelsInput); the form sends only its fields.
      transform={(data: Record<string, unknown>) => ({
        uri: typeof data.uri === 'string' ? data.uri.trim() : data.uri,
        name: data.name,
        description: data.description || null,
      })}
      mutationOptions={{
        meta,
        onSuccess: () => success('short_link', 'saved'),
        onError: (error: unknown) => failure('short_link', 'saving', error, true),
      }}
    >
      <ShortLinkForm pid={pid} />
    </Edit>
  );
}
