// /error names the real reason of a 402 (issue 10) and offers checkout; other errors apologise.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ErrorPage } from '../../../src/dashboard/pages/StatusPages';
import { renderWithAdmin } from '../helpers';

describe('error page', () => {
  it.each([
    ['trial_ended', 'The 14 day trial has ended'],
    ['subscription_canceled', 'The subscription has been canceled'],
  ])('after a 402 %s it says so, with a button to checkout', async (code, text) => {
    renderWithAdmin(<ErrorPage />, { path: `/error?reason=subscription&code=${code}` });
    const message = await screen.findByTestId('error-page-message');
    expect(message.textContent).toContain(text);
    expect(screen.getByTestId('error-page-checkout').getAttribute('href')).toBe('/checkout');
  });

  it('does not blame the subscription for other errors', async () => {
    renderWithAdmin(<ErrorPage />, { path: '/error' });
    const message = await screen.findByTestId('error-page-message');
    expect(message.textContent).toContain('Something went wrong on our side');
    expect(screen.queryByTestId('error-page-checkout')).toBeNull();
  });
});
