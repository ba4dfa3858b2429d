import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';

export function UserTabs({ id }: { id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    { path: `/user/${id}/details/edit`, label: 'app.users.details', testId: 'user-tab-details' },
    { path: `/user/${id}/projects`, label: 'app.users.projects', testId: 'user-tab-projects' },
  ];
  const current = tabs.findIndex((tab) => tab.path === pathname);
  return (
    <Tabs value={current === -1 ? false : current} sx={{ mb: 1 }}>
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
