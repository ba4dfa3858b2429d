// The child routes of one advertisement (SPEC §2: details/edit, qr-codes, statistics, auditlogs).
import { RouteTabs } from '../common/RouteTabs';
import { adPaths } from './adPaths';

const TABS = [
  ['details', 'details', adPaths.detailsEdit],
  ['qr_codes', 'qr-codes', adPaths.qrCodes],
  ['statistics', 'statistics', adPaths.statistics],
  ['auditlogs', 'auditlogs', adPaths.auditLogs],
] as const;

export function AdvertisementTabs({ projectId, id }: { projectId: string; id: string }) {
  const tabs = TABS.map(([label, testId, path]) => ({
    path: path(projectId, id),
    label: `app.advertisements.page_tabs.${label}`,
    testId: `ad-page-tab-${testId}`,
  }));
  return <RouteTabs tabs={tabs} label="app.advertisements.overview_title" />;
}
