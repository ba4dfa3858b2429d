// /projects/:pid/auditlogs: what happened in one project (customer admins; SPEC §2).
import { useParams } from 'react-router-dom';
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { ItemAuditLogs } from './ItemAuditLogs';

export function ProjectAuditLogsPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const { data: project } = useGetOne<{ id: string; name: string }>('projects', { id: pid });
  const title = translate('app.audit_logs.title');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h6" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {project?.name ?? ''}
        </Typography>
        <ItemAuditLogs projectId={pid} />
      </CardContent>
    </Card>
  );
}
