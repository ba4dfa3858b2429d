// The accounts screen: each user with role, projects, last sign-in and two-factor state; role
// changes, project links and deactivation go to the API, and its refusals speak their own words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Notification, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../../src/shared/schemas/invitation';
import { AccountsPage } from '../../../../src/dashboard/settings/users/AccountsPage';
import { UsersSettingsLayout } from '../../../../src/dashboard/settings/users/UsersSettingsLayout';
import { renderWithAdmin } from '../../helpers';
import { refusal, stubApi } from './fakePeopleApi';

const CUSTOMER = '01HZY8Q4J8M7V0K2T3R5N6P7QC';
const SELF = '01HZY8Q4J8M7V0K2T3R5N6P7QB';
const COLLEAGUE = '01HZY8Q4J8M7V0K2T3R5N6P7QE';
const PROJECT_A = '01HZY8Q4J8M7V0K2T3R5N6P7QF';
const PROJECT_B = '01HZY8Q4J8M7V0K2T3R5N6P7QG';

const account = (fields: Partial<Account>): Account => ({
  id: COLLEAGUE,
  name: 'Cora Colleague',
  email: 'cora@example.com',
  role: 'user',
  active: true,
  projects: [{ id: PROJECT_A, name: 'Alpha' }],
  lastSignInAt: null,
  twoFactorEnabled: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

const ACCOUNTS = [
  account({
    id: SELF,
    name: 'Ada Admin',
    email: 'ada@example.com',
    role: 'customeradmin',
    lastSignInAt: '2026-11-20T09:30:00.000Z',
    twoFactorEnabled: true,
  }),
  account({}),
];

function renderAccounts(
  extra: Parameters<typeof stubApi>[0] = {},
  options: Parameters<typeof renderWithAdmin>[1] = {},
) {
  const sent = stubApi({
    [`GET /customers/${CUSTOMER}/accounts`]: () => ({
      status: 200,
      json: {
        data: ACCOUNTS,
        meta: { total: 2, page: 1, perPage: 500, seats: { used: 3, max: 5 } },
      },
    }),
    [`GET /customers/${CUSTOMER}/projects`]: () => ({
      status: 200,
      json: {
        data: [
          { id: PROJECT_A, name: 'Alpha' },
          { id: PROJECT_B, name: 'Beta' },
        ],
        meta: { total: 2 },
      },
    }),
    ...extra,
  });
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/settings/users" element={<UsersSettingsLayout />}>
          <Route path="accounts" element={<AccountsPage />} />
        </Route>
      </Routes>
      <Notification />
    </>,
    { role: 'customeradmin', path: '/settings/users/accounts', ...options },
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountsPage', () => {
  it('lists the users with role, projects, last sign-in, two-factor state and the seats', async () => {
    renderAccounts();
    const row = await screen.findByTestId('account-row-cora@example.com', {}, { timeout: 5000 });
    expect(within(row).getByText('Alpha')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const me = screen.getByTestId('account-row-ada@example.com');
    expect(within(me).getByText('you')).toBeTruthy();
    expect(within(me).getByText('On')).toBeTruthy();
    // Nobody deactivates or deletes themselves: the own row has no such buttons.
    expect(within(me).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByTestId('people-seats').textContent).toContain('3 of 5 users');
    expect(screen.getByTestId('users-tab-invites')).toBeTruthy();
  });

  it('a platform admin first chooses the customer', async () => {
    const customers = async () => ({ data: [{ id: CUSTOMER, name: 'Demo BV' }], total: 1 });
    renderAccounts(
      {},
      { role: 'admin', dataProvider: { getList: customers } as unknown as DataProvider },
    );
    expect(await screen.findByText('Choose a customer to manage its users.')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('people-customer')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Demo BV' }));
    expect(
      await screen.findByTestId('account-row-cora@example.com', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('links the projects chosen in the dialog', async () => {
    const sent = renderAccounts({
      [`PUT /users/${COLLEAGUE}/projects`]: () => ({ status: 204 }),
    });
    const row = await screen.findByTestId('account-row-cora@example.com', {}, { timeout: 5000 });
    fireEvent.click(
      within(row).getByRole('button', { name: 'Change the projects of Cora Colleague' }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    fireEvent.click(screen.getByTestId('account-projects-save'));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: `/users/${COLLEAGUE}/projects`,
        body: { projectIds: [PROJECT_A, PROJECT_B] },
      }),
    );
  });

  it('says why the server refused: the last customer admin cannot be deactivated', async () => {
    const sent = renderAccounts({
      [`POST /users/${COLLEAGUE}/deactivate`]: () => refusal(403, 'last_customeradmin_remove'),
    });
    const row = await screen.findByTestId('account-row-cora@example.com', {}, { timeout: 5000 });
    fireEvent.click(within(row).getByTestId('account-toggle-cora@example.com'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The last customer admin cannot be deleted or deactivated'),
    ).toBeTruthy();
    expect(sent.some((call) => call.path === `/users/${COLLEAGUE}/deactivate`)).toBe(true);
  });

  it('changes a role', async () => {
    const sent = renderAccounts({
      [`PUT /users/${COLLEAGUE}`]: () => ({ status: 200, json: { data: {} } }),
    });
    await screen.findByTestId('account-row-cora@example.com', {}, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of Cora Colleague' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Customer administrator' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: `/users/${COLLEAGUE}`,
        body: { role: 'customeradmin' },
      }),
    );
  });
});
