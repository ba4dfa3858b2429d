// The child routes of one project (SPEC §2: details/edit, users/edit, auditlogs; and its
// statistics) as tabs, each shown only when the role may open it (issue 13).
import { usePermissions } from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';
import { ACCESS_RULES, allows } from '../access';
import { RouteTabs, type RouteTab } from '../common/RouteTabs';

export function projectTabs(id: string, role: string | null | undefined): RouteTab[] {
  const tabs: (RouteTab & { rule: string })[] = [
    {
      path: `/projects/${id}/details/edit`,
      label: 'app.projects.details',
      testId: 'project-tab-details',
      rule: 'projects.edit',
    },
    {
      path: `/projects/${id}/users/edit`,
      label: 'app.projects.users',
      testId: 'project-tab-users',
      rule: 'projects.users',
    },
    {
      path: `/projects/${id}/statistics`,
      label: 'app.projects.statistics',
      testId: 'project-tab-statistics',
      rule: 'projects.statistics',
    },
    {
      path: `/projects/${id}/auditlogs`,
      label: 'app.projects.audit_logs',
      testId: 'project-tab-auditlogs',
      rule: 'projects.auditlogs',
    },
    {
      path: `/projects/${id}/api-keys`,
      label: 'app.api_keys.title',
      testId: 'project-tab-api-keys',
      rule: 'projects.api-keys',
    },
    {
      path: `/projects/${id}/webhooks`,
      label: 'app.webhooks.title',
      testId: 'project-tab-webhooks',
      rule: 'projects.webhooks',
    },
  ];
  return tabs
    .filter((tab) => allows(role, ACCESS_RULES[tab.rule]))
    .map(({ path, label, testId }) => ({ path, label, testId }));
}

export function ProjectTabs({ id }: { id: string }) {
  const { permissions } = usePermissions<DashboardPermissions>();
  return <RouteTabs tabs={projectTabs(id, permissions?.role)} label="app.projects.tabs" />;
}
