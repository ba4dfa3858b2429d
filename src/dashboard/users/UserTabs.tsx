// The child routes of one user: details/edit and projects.
import { RouteTabs } from '../common/RouteTabs';

export function UserTabs({ id }: { id: string }) {
  const tabs = [
    { path: `/user/${id}/details/edit`, label: 'app.users.details', testId: 'user-tab-details' },
    { path: `/user/${id}/projects`, label: 'app.users.projects', testId: 'user-tab-projects' },
  ];
  return <RouteTabs tabs={tabs} label="app.users.tabs" />;
}
