// The child routes of one project (details/edit, users/edit) as tabs.
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ProjectTabs({ id }: { id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    {
      path: `/projects/${id}/details/edit`,
      label: 'app.projects.details',
      testId: 'project-tab-details',
    },
    {
      path: `/projects/${id}/users/edit`,
      label: 'app.projects.users',
      testId: 'project-tab-users',
    },
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
