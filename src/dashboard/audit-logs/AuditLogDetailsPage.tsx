// /settings/audit-logs/:id/details: one audit row with what changed and the rows under it.
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useGetOne, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import type { AuditLog } from '../../shared/audit';
import type { DashboardPermissions } from '../providers/authProvider';
import { formatDateTime } from '../statistics/format';
import { AuditLogTable, useAuditLabels } from './AuditLogTable';
import { ChangeDiff } from './ChangeDiff';
import { RestoreVersionButton } from './RestoreVersionButton';

export function AuditLogDetailsPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [locale = 'nl'] = useLocaleState();
  const labels = useAuditLabels();
  const { permissions, isPending: permissionsPending } = usePermissions<DashboardPermissions>();
  const allowed = !!permissions?.permissionKeys.includes('AuditLogsView');
  const { data, isPending, error } = useGetOne<AuditLog & { id: string }>(
    'audit-logs',
    { id },
    { enabled: allowed, retry: false },
  );
  const field = (name: string) => translate(`app.audit_logs.fields.${name}`);

  let body;
  if (permissionsPending || (allowed && isPending)) body = <LinearProgress />;
  else if (!allowed) {
    body = (
      <Alert severity="info" data-testid="audit-log-no-access">
        {translate('app.audit_logs.no_access')}
      </Alert>
    );
  } else if (error || !data) {
    body = <Alert severity="error">{translate('errors.api.audit_log_not_found')}</Alert>;
  } else {
    const rows: [string, string][] = [
      [field('createdAt'), formatDateTime(data.createdAt, locale)],
      [field('user'), data.userName ?? translate('app.audit_logs.deleted_user')],
      [field('action'), labels.action(data.action)],
      [field('type'), labels.type(data.type)],
      [field('name'), data.name ?? ''],
      [field('client'), labels.client(data.client)],
      [field('device'), data.device ?? ''],
      [field('environment'), data.environment ?? ''],
      [field('itemId'), data.itemId ?? ''],
      [field('projectId'), data.projectId ?? ''],
    ];
    body = (
      <>
        <Box
          component="dl"
          data-testid="audit-log-details"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
        {data.changes ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {field('changes')}
            </Typography>
            <ChangeDiff changes={data.changes as Record<string, unknown>} />
            <Box sx={{ mt: 1 }}>
              <RestoreVersionButton log={data} />
            </Box>
          </Box>
        ) : null}
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {field('children')}
          </Typography>
          {data.children?.length ? (
            <AuditLogTable rows={data.children} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.audit_logs.no_children')}
            </Typography>
          )}
        </Box>
      </>
    );
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.audit_logs.details_title')} />
      <CardContent>
        <Button
          component={RouterLink}
          to="/settings/audit-logs"
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1 }}
        >
          {translate('app.audit_logs.back')}
        </Button>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate('app.audit_logs.details_title')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
