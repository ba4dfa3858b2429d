// /settings/users (SPEC §2): the accounts and invitations of a customer, each on its own tab.
// Customer admins manage their own customer; platform admins pick one first.
import { useState } from 'react';
import { Outlet, useOutletContext } from 'react-router-dom';
import { Alert, Box } from '@mui/material';
import { Loading, useGetIdentity, useTranslate } from 'react-admin';
import { CustomerPicker } from '../../common/CustomerPicker';
import { RouteTabs, type RouteTab } from '../../common/RouteTabs';

export const USERS_TABS: RouteTab[] = [
  {
    path: '/settings/users/accounts',
    label: 'app.people.tabs.accounts',
    testId: 'users-tab-accounts',
  },
  {
    path: '/settings/users/invites',
    label: 'app.people.tabs.invites',
    testId: 'users-tab-invites',
  },
];

export interface PeopleContext {
  customerId: string;
  selfId: string;
}

/** The customer the users screens work on, from the layout. */
export const usePeopleContext = () => useOutletContext<PeopleContext>();

export function UsersSettingsLayout() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const [chosen, setChosen] = useState<string | null>(null);
  if (isPending || !identity) return <Loading />;
  const own = (identity.customerId as string | null | undefined) ?? null;
  const customerId = own ?? chosen;
  return (
    <Box sx={{ minWidth: 0 }}>
      <RouteTabs tabs={USERS_TABS} label="app.people.navigation" />
      {own === null && (
        <CustomerPicker
          value={chosen}
          onChange={setChosen}
          label="app.people.customer"
          testId="people-customer"
        />
      )}
      {customerId ? (
        <Outlet context={{ customerId, selfId: String(identity.id) } satisfies PeopleContext} />
      ) : (
        <Alert severity="info">{translate('app.people.choose_customer')}</Alert>
      )}
    </Box>
  );
}
