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
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';
import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  CheckboxGroupInput,
  Form,
  Loading,
  TextInput,
  useLocale,
  useTranslate,
  useDataProvider,
} from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { WEBHOOK_EVENTS, webhookInputSchema } from '../../shared/schemas/webhook';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { CopyButton } from '../common/CopyButton';
import { PageCard } from '../forms/PageCard';
import { SaveToolbar } from '../forms/SaveToolbar';
import { formatLocale } from '../../shared/locale';
import { ProjectTabs } from '../projects/ProjectTabs';
import { useHasPermission } from '../useHasPermission';
import { useResultNotify } from '../useNotifications';
import { useLoadedRows, useProjectCollection } from '../common/useProjectCollection';
import { zodValidate } from '../validation';

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

const WORD = { key: 'app.webhooks.notice_type' };
const NOTICES = { verbs: 'app.webhooks', word: WORD };
const EVENT_CHOICES = WEBHOOK_EVENTS.map((id) => ({ id, name: id }));
const validate = zodValidate(webhookInputSchema);
const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function DeliveryLog({ pid, webhook }: { pid: string; webhook: WebhookItem }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { success, failure } = useResultNotify<string, string, string>(NOTICES);
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { rows: deliveries, reload: load } = useLoadedRows(
    (provider) => provider.getWebhookDeliveries<DeliveryItem>(pid, webhook.id),
    `${pid}:${webhook.id}`,
    NOTICES,
  );

  const resend = async (id: string) => {
    try {
      await dataProvider.resendWebhookDelivery(pid, webhook.id, id);
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
    <HeadedTable
      testId="webhook-deliveries"
      columns={[
        'app.webhooks.created_at',
        'app.webhooks.event',
        'app.webhooks.status',
        'app.webhooks.response',
        'app.webhooks.attempts',
        {},
      ]}
    >
      {deliveries.map((delivery) => (
        <TableRow key={delivery.id}>
          <TableCell>{new Date(delivery.createdAt).toLocaleString(formatLocale(locale))}</TableCell>
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
    </HeadedTable>
  );
}

export function WebhooksPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const mayManage = useHasPermission('ProjectWebhooks');
  const [open, setOpen] = useState<string | null>(null);
  const {
    rows: webhooks,
    create,
    remove,
  } = useProjectCollection<WebhookItem>('webhooks', pid, NOTICES, { enabled: mayManage });

  if (!mayManage) return <Alert severity="warning">{translate('app.webhooks.no_access')}</Alert>;
  if (!webhooks) return <Loading />;

  const submit = async (values: Record<string, unknown>) => (await create(values)).errors;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <ProjectTabs id={pid} />
      <PageCard title="app.webhooks.title" intro="app.webhooks.intro">
        <Form onSubmit={submit} validate={validate} defaultValues={{ events: [] }}>
          <TextInput source="url" label="app.webhooks.url" type="url" fullWidth />
          <CheckboxGroupInput
            source="events"
            label="app.webhooks.events"
            choices={EVENT_CHOICES}
            translateChoice={false}
            row
          />
          <SaveToolbar label="app.webhooks.create" alwaysEnable />
        </Form>
      </PageCard>
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
            {open === webhook.id && <DeliveryLog pid={pid} webhook={webhook} />}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
