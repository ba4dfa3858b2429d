// The tabs of an item that QR codes point to or show (a QR link, an advertisement; SPEC §2):
// details/edit, its QR codes, statistics and audit log, as route tabs.
import { RouteTabs } from './RouteTabs';

type ItemPath = (projectId: string, id: string) => string;

export interface ItemPagePaths {
  detailsEdit: ItemPath;
  qrCodes: ItemPath;
  statistics: ItemPath;
  auditLogs: ItemPath;
  /** Only a QR link has placements (issue 16 part 7): the tab comes after statistics. */
  placements?: ItemPath;
}

const TABS = [
  ['details', 'details', 'detailsEdit'],
  ['qr_codes', 'qr-codes', 'qrCodes'],
  ['statistics', 'statistics', 'statistics'],
  ['placements', 'placements', 'placements'],
  ['auditlogs', 'auditlogs', 'auditLogs'],
] as const;

export function ItemPageTabs({
  paths,
  words,
  testPrefix,
  projectId,
  id,
}: {
  paths: ItemPagePaths;
  /** The kind's translation keys: `app.{words}.page_tabs.*`, `app.{words}.overview_title`. */
  words: 'actions' | 'advertisements';
  testPrefix: string;
  projectId: string;
  id: string;
}) {
  const tabs = TABS.flatMap(([label, testId, path]) => {
    const to = paths[path];
    return to
      ? [
          {
            path: to(projectId, id),
            label: `app.${words}.page_tabs.${label}`,
            testId: `${testPrefix}-page-tab-${testId}`,
          },
        ]
      : [];
  });
  return <RouteTabs tabs={tabs} label={`app.${words}.overview_title`} />;
}
