// The settings area's own navigation (SPEC §2): profile and security for everyone, users and the
// audit log for customer admins, white label and analytics for admins; a page the role may not
// open shows "no access" instead of a form that fails (issue 13).
import { Outlet, useLocation } from 'react-router-dom';
import { Box, LinearProgress } from '@mui/material';
import { usePermissions } from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';
import { ACCESS_RULES, allows } from '../access';
import { RouteTabs, type RouteTab } from '../common/RouteTabs';
import { NoAccessPage } from '../common/NoAccessPage';

export const SETTINGS_PAGES = [
  'profile',
  'security',
  'users',
  'audit-logs',
  'whitelabel',
  'analytics',
  'checkout',
] as const;

/** Settings entries whose screen lives outside /settings (SPEC §2: /checkout). */
const OUTSIDE_SETTINGS: Partial<Record<(typeof SETTINGS_PAGES)[number], string>> = {
  checkout: '/checkout',
};

export function settingsTabs(role: string | null | undefined): RouteTab[] {
  return SETTINGS_PAGES.filter((page) => allows(role, ACCESS_RULES[`settings.${page}`])).map(
    (page) => ({
      path: OUTSIDE_SETTINGS[page] ?? `/settings/${page}`,
      label: `app.settings.tabs.${page.replace('-', '_')}`,
      testId: `settings-tab-${page}`,
    }),
  );
}

export function SettingsLayout() {
  const { permissions, isPending } = usePermissions<DashboardPermissions>();
  const { pathname } = useLocation();
  if (isPending) return <LinearProgress />;
  const role = permissions?.role;
  const page = SETTINGS_PAGES.find(
    (name) => pathname === `/settings/${name}` || pathname.startsWith(`/settings/${name}/`),
  );
  const allowed = !page || allows(role, ACCESS_RULES[`settings.${page}`]);
  return (
    <Box sx={{ minWidth: 0 }}>
      <RouteTabs tabs={settingsTabs(role)} label="app.settings.navigation" />
      {allowed ? <Outlet /> : <NoAccessPage />}
    </Box>
  );
}
