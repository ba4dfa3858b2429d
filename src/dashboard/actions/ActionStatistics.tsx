// /projects/:pid/qr-link/:id/statistics and …/auditlogs: the shared item components, lazily.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { Card, CardContent, LinearProgress } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ActionTabs } from './ActionTabs';

const ItemStatistics = lazy(() =>
  import('../statistics/ItemStatistics').then((m) => ({ default: m.ItemStatistics })),
);
const ItemAuditLogs = lazy(() =>
  import('../audit-logs/ItemAuditLogs').then((m) => ({ default: m.ItemAuditLogs })),
);

export function ActionStatistics() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.actions.page_tabs.statistics')} />
      <ActionTabs projectId={pid} id={id} />
      <Suspense fallback={<LinearProgress />}>
        <ItemStatistics projectId={pid} itemId={id} />
      </Suspense>
    </>
  );
}

export function ActionAuditLogs() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.actions.page_tabs.auditlogs')} />
      <ActionTabs projectId={pid} id={id} />
      <Card>
        <CardContent>
          <Suspense fallback={<LinearProgress />}>
            <ItemAuditLogs itemId={id} projectId={pid} />
          </Suspense>
        </CardContent>
      </Card>
    </>
  );
}
