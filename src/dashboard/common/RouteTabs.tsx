// A row of tabs that are links to child routes (a project's details, users, audit log; the
// settings pages). It scrolls sideways on a phone instead of widening the page (issue 13).
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface RouteTab {
  path: string;
  label: string;
  testId: string;
}

export function RouteTabs({ tabs, label }: { tabs: readonly RouteTab[]; label: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  // The longest matching prefix wins, so /settings/audit-logs/{id}/details marks "Audit log".
  const current = tabs.reduce<number>((best, tab, index) => {
    const matches = pathname === tab.path || pathname.startsWith(`${tab.path}/`);
    if (!matches) return best;
    return best === -1 || tab.path.length > tabs[best].path.length ? index : best;
  }, -1);
  return (
    <Tabs
      value={current === -1 ? false : current}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate(label)}
      sx={{ mb: 1, maxWidth: '100%' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          component={Link}
          to={tab.path}
          label={translate(tab.label)}
          data-testid={tab.testId}
        />
      ))}
    </Tabs>
  );
}
