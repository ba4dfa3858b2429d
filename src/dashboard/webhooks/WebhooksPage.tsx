// /projects/:pid/webhooks (issue 15): a customer admin adds webhooks (URL and events), reads the
// signing secret, opens a webhook's delivery log with the receiver's answers and sends a message
// again.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  CheckboxGroupInput,
  Form,
  Loading,
  SaveButton,
  TextInput,
  Title,
  Toolbar,
  useLocale,
  useTranslate,
} from 'react-admin';
import { WEBHOOK_EVENTS, webhookInputSchema } from '../../shared/schemas/webhook';
import { ApiHttpError, apiRequest } from '../providers/http';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { CopyButton } from '../common/CopyButton';
import { formatLocale } from '../common/LocaleDateField';
import { ProjectTabs } from '../projects/ProjectTabs';
import { useHasPermission } from '../useHasPermission';
import { useResultNotify } from '../useNotifications';
import { zodValidate } from '../validation';
import { useApiData } from './useApiData';

interface WebhookItem {
  id: string;
  url: string;
  events: string[];
  secret: string;
}

interface DeliveryItem {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

const NOTICES = { verbs: 'app.webhooks' };
const WORD = { key: 'app.webhooks.notice_type' };
const EVENT_CHOICES = WEBHOOK_EVENTS.map((id) => ({ id, name: id }));
const validate = zodValidate(webhookInputSchema);
const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function DeliveryLog({ base, webhook }: { base: string; webhook: WebhookItem }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { success, failure } = useResultNotify<string, string, string>(NOTICES);
  const path = `${base}/${webhook.id}/deliveries`;
  const { data: deliveries, reload: load } = useApiData<DeliveryItem[]>(
    path,
    { ...NOTICES, word: WORD },
    { query: { perPage: 50 } },
  );

  const resend = async (id: string) => {
    try {
      await apiRequest(`${path}/${id}/resend`, { method: 'POST' });
      success(WORD, 'resent');
      await load();
    } catch (error) {
      failure(WORD, 'resending', error);
    }
  };

  if (!deliveries) return <Loading />;
  if (deliveries.length === 0)
    return (
      <Typography color="text.secondary">{translate('app.webhooks.no_deliveries')}</Typography>
    );
  return (
    <Table size="small" data-testid="webhook-deliveries">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.webhooks.created_at')}</TableCell>
          <TableCell>{translate('app.webhooks.event')}</TableCell>
          <TableCell>{translate('app.webhooks.status')}</TableCell>
          <TableCell>{translate('app.webhooks.response')}</TableCell>
          <TableCell>{translate('app.webhooks.attempts')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>
              {new Date(delivery.createdAt).toLocaleString(formatLocale(locale))}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{delivery.event}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={STATUS_COLOR[delivery.status]}
                label={translate(`app.webhooks.statuses.${delivery.status}`)}
              />
            </TableCell>
            <TableCell>{delivery.responseStatus ?? delivery.lastError ?? '—'}</TableCell>
            <TableCell>{delivery.attempts}</TableCell>
            <TableCell align="right">
              <MuiButton
                size="small"
                startIcon={<ReplayIcon />}
                onClick={() => void resend(delivery.id)}
              >
                {translate('app.webhooks.resend')}
              </MuiButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function WebhooksPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const mayManage = useHasPermission('ProjectWebhooks');
  const { success, failure } = useResultNotify<string, string, string>(NOTICES);
  const [open, setOpen] = useState<string | null>(null);
  const base = `/projects/${pid}/webhooks`;
  const { data: webhooks, reload: load } = useApiData<WebhookItem[]>(
    base,
    { ...NOTICES, word: WORD },
    { enabled: mayManage },
  );

  if (!mayManage) return <Alert severity="warning">{translate('app.webhooks.no_access')}</Alert>;
  if (!webhooks) return <Loading />;

  const submit = async (values: Record<string, unknown>) => {
    try {
      await apiRequest(base, { method: 'POST', body: values });
      success(WORD, 'created');
      await load();
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 422) return error.body.errors;
      failure(WORD, 'creating', error);
    }
    return undefined;
  };

  const remove = async (id: string) => {
    try {
      await apiRequest(`${base}/${id}`, { method: 'DELETE' });
      success(WORD, 'deleted');
      await load();
    } catch (error) {
      failure(WORD, 'deleting', error);
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.webhooks.title')} />
      <ProjectTabs id={pid} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate('app.webhooks.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.webhooks.intro')}
          </Typography>
          <Form onSubmit={submit} validate={validate} defaultValues={{ events: [] }}>
            <TextInput source="url" label="app.webhooks.url" type="url" fullWidth />
            <CheckboxGroupInput
              source="events"
              label="app.webhooks.events"
              choices={EVENT_CHOICES}
              translateChoice={false}
              row
            />
            <Toolbar sx={{ px: 0 }}>
              <SaveButton label="app.webhooks.create" alwaysEnable />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
      {webhooks.length === 0 && (
        <Typography color="text.secondary">{translate('app.webhooks.empty')}</Typography>
      )}
      {webhooks.map((webhook) => (
        <Card key={webhook.id} data-testid={`webhook-${webhook.id}`}>
          <CardContent>
            <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
              <Typography sx={{ fontFamily: 'monospace', flex: 1, wordBreak: 'break-all' }}>
                {webhook.url}
              </Typography>
              <MuiButton
                size="small"
                onClick={() => setOpen(open === webhook.id ? null : webhook.id)}
              >
                {translate('app.webhooks.deliveries')}
              </MuiButton>
              <ConfirmActionButton
                label="app.webhooks.delete"
                icon={<DeleteIcon />}
                color="error"
                title="app.webhooks.delete_title"
                content="app.webhooks.delete_content"
                onConfirm={() => remove(webhook.id)}
              />
            </Stack>
            <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
              {webhook.events.map((event) => (
                <Chip key={event} size="small" label={event} />
              ))}
            </Stack>
            <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {translate('app.webhooks.secret')}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {webhook.secret.slice(0, 12)}…
              </Typography>
              <CopyButton value={webhook.secret} label="app.webhooks.copy_secret" />
            </Stack>
            {open === webhook.id && <DeliveryLog base={base} webhook={webhook} />}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
