// /projects/:pid/api-keys (issue 15): a customer admin makes keys for scripts, copies a new key
// once (the server never shows it again), sees when each was last used and revokes it.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { HeadedTable } from '../common/HeadedTable';
import BlockIcon from '@mui/icons-material/Block';
import {
  DateTimeInput,
  Form,
  Loading,
  SelectInput,
  TextInput,
  useLocale,
  useTranslate,
} from 'react-admin';
import { API_KEY_SCOPES } from '../../shared/permissions';
import { apiKeyInputSchema } from '../../shared/schemas/apiKey';
import { formatLocale } from '../../shared/locale';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { CopyButton } from '../common/CopyButton';
import { PageCard } from '../forms/PageCard';
import { SaveToolbar } from '../forms/SaveToolbar';
import { ProjectTabs } from '../projects/ProjectTabs';
import { useHasPermission } from '../useHasPermission';
import { useProjectCollection } from '../common/useProjectCollection';
import { zodValidate } from '../validation';

/** A key as the list shows it (the key itself only in `created`). */
export interface ApiKeyItem {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

const NOTICES = { verbs: 'app.api_keys', word: { key: 'app.api_keys.notice_type' } };
const SCOPE_CHOICES = API_KEY_SCOPES.map((id) => ({ id, name: `app.api_keys.scopes.${id}` }));

/** The form's values as the API takes them: the date picker's value as an ISO instant. */
function inputOf(values: Record<string, unknown>) {
  const expiresAt = values.expiresAt ? new Date(values.expiresAt as string | Date) : null;
  return {
    name: values.name,
    scope: values.scope,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt.toISOString() : null,
  };
}
const validateSchema = zodValidate(apiKeyInputSchema);
const validate = (values: Record<string, unknown>) => validateSchema(inputOf(values));

function stateOf(key: ApiKeyItem): 'revoked' | 'expired' | 'active' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return 'expired';
  return 'active';
}

export function ApiKeysPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const locale = useLocale();
  const mayManage = useHasPermission('ProjectApiKeys');
  const [created, setCreated] = useState<(ApiKeyItem & { key: string }) | null>(null);
  const {
    rows: keys,
    create,
    remove: revoke,
  } = useProjectCollection<ApiKeyItem & { key?: string }>('api-keys', pid, NOTICES, {
    enabled: mayManage,
    removed: ['revoked', 'revoking'],
  });

  if (!mayManage) return <Alert severity="warning">{translate('app.api_keys.no_access')}</Alert>;
  if (!keys) return <Loading />;

  const date = (value: string | null) =>
    value ? new Date(value).toLocaleString(formatLocale(locale)) : '—';

  const submit = async (values: Record<string, unknown>) => {
    const { record, errors } = await create(inputOf(values));
    if (record?.key) setCreated({ ...record, key: record.key });
    return errors;
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <ProjectTabs id={pid} />
      <PageCard title="app.api_keys.title" intro="app.api_keys.intro">
        {created && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="api-key-created">
            <Typography variant="body2" gutterBottom>
              {translate('app.api_keys.copy_now')}
            </Typography>
            <Stack direction="row" alignItems="center" spacing={1}>
              <Typography
                component="code"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                data-testid="api-key-value"
              >
                {created.key}
              </Typography>
              <CopyButton value={created.key} label="app.api_keys.copy" />
            </Stack>
          </Alert>
        )}
        <Form onSubmit={submit} validate={validate} defaultValues={{ scope: 'content' }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextInput source="name" label="app.api_keys.name" />
            <SelectInput
              source="scope"
              label="app.api_keys.scope"
              choices={SCOPE_CHOICES}
              helperText="app.api_keys.scope_help"
            />
            <DateTimeInput
              source="expiresAt"
              label="app.api_keys.expires_at"
              helperText="app.api_keys.expires_at_help"
            />
          </Stack>
          <SaveToolbar label="app.api_keys.create" alwaysEnable />
        </Form>
      </PageCard>
      <Card>
        <CardContent>
          {keys.length === 0 ? (
            <Typography color="text.secondary">{translate('app.api_keys.empty')}</Typography>
          ) : (
            <HeadedTable
              testId="api-key-list"
              columns={[
                'app.api_keys.name',
                'app.api_keys.key',
                'app.api_keys.scope',
                'app.api_keys.expires_at',
                'app.api_keys.last_used_at',
                'app.api_keys.state',
                {},
              ]}
            >
              {keys.map((key) => (
                <TableRow key={key.id} data-testid={`api-key-${key.id}`}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
                  <TableCell>{translate(`app.api_keys.scopes.${key.scope}`)}</TableCell>
                  <TableCell>{date(key.expiresAt)}</TableCell>
                  <TableCell>{date(key.lastUsedAt)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={translate(`app.api_keys.states.${stateOf(key)}`)}
                      color={stateOf(key) === 'active' ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {!key.revokedAt && (
                      <ConfirmActionButton
                        label="app.api_keys.revoke"
                        icon={<BlockIcon />}
                        color="error"
                        title="app.api_keys.revoke_title"
                        content="app.api_keys.revoke_content"
                        titleArgs={{ name: key.name }}
                        onConfirm={() => revoke(key.id)}
                        testId={`revoke-${key.id}`}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </HeadedTable>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
