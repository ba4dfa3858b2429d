// The invitations screen: the form checks with the shared rules and sends address, role, language
// and projects; the list shows each state; resend and revoke go to the API; a refusal speaks.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invitation } from '../../../../src/shared/schemas/invitation';
import { InvitesPage } from '../../../../src/dashboard/settings/users/InvitesPage';
import { UsersSettingsLayout } from '../../../../src/dashboard/settings/users/UsersSettingsLayout';
import { disableBrowserValidation } from '../../../../src/dashboard/common/noBrowserValidation';
import { renderWithAdmin } from '../../helpers';
import { refusal, stubApi } from './fakePeopleApi';

const CUSTOMER = '01HZY8Q4J8M7V0K2T3R5N6P7QC';
const PROJECT_A = '01HZY8Q4J8M7V0K2T3R5N6P7QF';
const INVITE = '01HZY8Q4J8M7V0K2T3R5N6P7QH';

const invitation = (fields: Partial<Invitation>): Invitation => ({
  id: INVITE,
  email: 'pending@example.com',
  role: 'user',
  language: 'nl',
  state: 'pending',
  projects: [{ id: PROJECT_A, name: 'Alpha' }],
  invitedBy: 'Ada Admin',
  expiresAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-25T10:00:00.000Z',
  ...fields,
});

function renderInvites(extra: Parameters<typeof stubApi>[0] = {}) {
  const sent = stubApi({
    [`GET /customers/${CUSTOMER}/invites`]: () => ({
      status: 200,
      json: {
        data: [
          invitation({}),
          invitation({
            id: '01HZY8Q4J8M7V0K2T3R5N6P7QJ',
            email: 'done@example.com',
            state: 'accepted',
          }),
        ],
        meta: { total: 2, page: 1, perPage: 2, seats: { used: 5, max: 5 } },
      },
    }),
    [`GET /customers/${CUSTOMER}/projects`]: () => ({
      status: 200,
      json: { data: [{ id: PROJECT_A, name: 'Alpha' }], meta: { total: 1 } },
    }),
    ...extra,
  });
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/settings/users" element={<UsersSettingsLayout />}>
          <Route path="invites" element={<InvitesPage />} />
        </Route>
      </Routes>
      <Notification />
    </>,
    { role: 'customeradmin', path: '/settings/users/invites' },
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const emailInput = () => screen.getByTestId('invite-email') as HTMLInputElement;

describe('InvitesPage', () => {
  it('lists each invitation with its state, and offers resend and revoke only while open', async () => {
    renderInvites();
    const pending = await screen.findByTestId(
      'invite-row-pending@example.com',
      {},
      { timeout: 5000 },
    );
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('Alpha')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Resend' })).toBeTruthy();
    const accepted = screen.getByTestId('invite-row-done@example.com');
    expect(within(accepted).getByText('Accepted')).toBeTruthy();
    expect(within(accepted).queryByRole('button', { name: 'Resend' })).toBeNull();
    // The plan is full: the screen says so before anyone tries.
    expect(screen.getByTestId('people-seats').textContent).toContain(
      'The user limit of your plan has been reached.',
    );
  });

  it('checks the address with the shared rules before sending anything', async () => {
    // As in the app (main.tsx): the browser's own bubbles never stand in for our messages.
    const stop = disableBrowserValidation(document.body);
    const sent = renderInvites();
    await screen.findByTestId('invite-row-pending@example.com', {}, { timeout: 5000 });
    fireEvent.change(emailInput(), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Must be a valid email address', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    stop();
  });

  it('sends address, role, language and projects, and shows a refusal at the field', async () => {
    const sent = renderInvites({
      [`POST /customers/${CUSTOMER}/invites`]: () => refusal(422, 'email_duplicated', '/email'),
    });
    await screen.findByTestId('invite-row-pending@example.com', {}, { timeout: 5000 });
    fireEvent.change(emailInput(), { target: { value: 'Taken@Example.com' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This email address is already in use')).toBeTruthy();
    expect(sent).toContainEqual({
      method: 'POST',
      path: `/customers/${CUSTOMER}/invites`,
      body: { email: 'taken@example.com', role: 'user', projectIds: [PROJECT_A], language: 'en' },
    });
  });

  it('resends after confirmation', async () => {
    const sent = renderInvites({
      [`POST /customers/${CUSTOMER}/invites/${INVITE}/resend`]: () => ({ status: 204 }),
    });
    const pending = await screen.findByTestId(
      'invite-row-pending@example.com',
      {},
      { timeout: 5000 },
    );
    fireEvent.click(within(pending).getByRole('button', { name: 'Resend' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invitation sent again')).toBeTruthy();
    expect(sent.some((call) => call.path.endsWith('/resend'))).toBe(true);
  });
});
