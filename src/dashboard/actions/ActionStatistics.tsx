// /projects/:pid/qr-link/:id/statistics and …/auditlogs: the shared item components, lazily.
import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { ItemAuditLogsTab, ItemTabPage } from '../common/ItemTabPage';
import { ActionTabs } from './ActionTabs';

const ItemStatistics = lazy(() =>
  import('../statistics/ItemStatistics').then((m) => ({ default: m.ItemStatistics })),
);

export function ActionStatistics() {
  return (
    <ItemTabPage title="app.actions.page_tabs.statistics" Tabs={ActionTabs}>
      {(projectId, id) => (
        <Suspense fallback={<LinearProgress />}>
          <ItemStatistics projectId={projectId} itemId={id} />
        </Suspense>
      )}
    </ItemTabPage>
  );
}

export function ActionAuditLogs() {
  return <ItemAuditLogsTab title="app.actions.page_tabs.auditlogs" Tabs={ActionTabs} />;
}
