// The child routes of one customer (SPEC §2): details/edit, users/edit, manage/.
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';

export function CustomerTabs({ id }: { id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    {
      path: `/customer/${id}/details/edit`,
      label: 'app.customers.details',
      testId: 'customer-tab-details',
    },
    {
      path: `/customer/${id}/users/edit`,
      label: 'app.customers.users',
      testId: 'customer-tab-users',
    },
    {
      path: `/customer/${id}/manage`,
      label: 'app.customers.manage',
      testId: 'customer-tab-manage',
    },
    {
      path: `/customer/${id}/billing`,
      label: 'app.billing.title',
      testId: 'customer-tab-billing',
    },
  ];
  const current = tabs.findIndex((tab) => pathname.replace(/\/$/, '') === tab.path);
  return (
    <Tabs value={current === -1 ? false : current} sx={{ mb: 1 }} variant="scrollable">
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
