// One tab of an Action's or advertisement's page (SPEC §2): the tab's title, the item's tabs, then
// what the tab shows of the project and item in the route.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Card, CardContent, LinearProgress } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

const ItemAuditLogs = lazy(() =>
  import('../audit-logs/ItemAuditLogs').then((m) => ({ default: m.ItemAuditLogs })),
);

export interface ItemTabPageProps {
  /** The tab's title key. */
  title: string;
  /** The item's tabs (ActionTabs, AdvertisementTabs). */
  Tabs: ComponentType<{ projectId: string; id: string }>;
}

export function ItemTabPage({
  title,
  Tabs,
  children,
}: ItemTabPageProps & { children: (projectId: string, id: string) => ReactNode }) {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(title)} />
      <Tabs projectId={pid} id={id} />
      {children(pid, id)}
    </>
  );
}

/** The audit log tab, its table loaded when it is first shown. */
export function ItemAuditLogsTab(props: ItemTabPageProps) {
  return (
    <ItemTabPage {...props}>
      {(projectId, id) => (
        <Card>
          <CardContent>
            <Suspense fallback={<LinearProgress />}>
              <ItemAuditLogs itemId={id} projectId={projectId} />
            </Suspense>
          </CardContent>
        </Card>
      )}
    </ItemTabPage>
  );
}
