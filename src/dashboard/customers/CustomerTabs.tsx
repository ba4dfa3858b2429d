// The child routes of one customer (SPEC §2): details/edit, users/edit, manage/.
import { RouteTabs } from '../common/RouteTabs';

export function CustomerTabs({ id }: { id: string }) {
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
  return <RouteTabs tabs={tabs} label="app.customers.tabs" />;
}
