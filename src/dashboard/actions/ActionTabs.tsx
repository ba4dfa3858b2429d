// The child routes of one Action (SPEC §2: details/edit, qr-codes, statistics, auditlogs) as tabs.
import { RouteTabs } from '../common/RouteTabs';
import { actionPaths } from './actionPaths';

const TABS = [
  ['details', 'details', actionPaths.detailsEdit],
  ['qr_codes', 'qr-codes', actionPaths.qrCodes],
  ['statistics', 'statistics', actionPaths.statistics],
  ['auditlogs', 'auditlogs', actionPaths.auditLogs],
] as const;

export function ActionTabs({ projectId, id }: { projectId: string; id: string }) {
  const tabs = TABS.map(([label, testId, path]) => ({
    path: path(projectId, id),
    label: `app.actions.page_tabs.${label}`,
    testId: `action-page-tab-${testId}`,
  }));
  return <RouteTabs tabs={tabs} label="app.actions.overview_title" />;
}
