// /error names the real reason of a 402 (issue 10) and offers checkout only to whoever may order
// (the customer admin); a plain user learns whom to ask; other errors apologise.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ErrorPage } from '../../../src/dashboard/pages/StatusPages';
import { setSelf } from '../../../src/dashboard/providers/authProvider';
import { clearIdentityCache } from '../../../src/dashboard/providers/http';
import type { Role } from '../../../src/shared/enums';
import { renderWithAdmin } from '../helpers';

function signedInAs(role: Role) {
  setSelf({
    id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    name: 'Demo',
    email: `${role}@example.com`,
    role,
    customerId: role === 'admin' ? null : '01ARZ3NDEKTSV4RRFFQ69G5FAW',
    permissionKeys: [],
    localization: { language: 'en' },
  });
}

afterEach(() => clearIdentityCache());

describe('error page', () => {
  it.each([
    ['trial_ended', 'The 14 day trial has ended'],
    ['subscription_canceled', 'The subscription has been canceled'],
  ])(
    'after a 402 %s it says so, with a button to checkout for the customer admin',
    async (code, text) => {
      signedInAs('customeradmin');
      renderWithAdmin(<ErrorPage />, { path: `/error?reason=subscription&code=${code}` });
      const message = await screen.findByTestId('error-page-message');
      expect(message.textContent).toContain(text);
      expect((await screen.findByTestId('error-page-checkout')).getAttribute('href')).toBe(
        '/checkout',
      );
      expect(screen.queryByTestId('error-page-ask-admin')).toBeNull();
    },
  );

  it.each<Role | null>(['user', null])(
    'a plain user (%s) gets the reason and whom to ask, never a checkout they may not open',
    async (role) => {
      if (role) signedInAs(role);
      renderWithAdmin(<ErrorPage />, { path: '/error?reason=subscription&code=trial_ended' });
      const message = await screen.findByTestId('error-page-message');
      expect(message.textContent).toContain('The 14 day trial has ended');
      expect((await screen.findByTestId('error-page-ask-admin')).textContent).toContain(
        'customer administrator',
      );
      expect(screen.queryByTestId('error-page-checkout')).toBeNull();
    },
  );

  it('does not blame the subscription for other errors', async () => {
    signedInAs('customeradmin');
    renderWithAdmin(<ErrorPage />, { path: '/error' });
    const message = await screen.findByTestId('error-page-message');
    expect(message.textContent).toContain('Something went wrong on our side');
    expect(screen.queryByTestId('error-page-checkout')).toBeNull();
    expect(screen.queryByTestId('error-page-ask-admin')).toBeNull();
  });
});
