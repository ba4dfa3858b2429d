// /register/{token}: the organisation and the address, the shared password rules, and what an
// expired or used link says instead of the form.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterTokenPage } from '../../../src/dashboard/pages/RegisterTokenPage';
import { renderWithAdmin } from '../helpers';
import { refusal, stubApi } from '../settings/users/fakePeopleApi';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

function renderRegister(routes: Parameters<typeof stubApi>[0]) {
  const sent = stubApi(routes);
  renderWithAdmin(
    <Routes>
      <Route path="/register/:token" element={<RegisterTokenPage />} />
      <Route path="*" element={<p>signed in at the start page</p>} />
    </Routes>,
    { path: `/register/${TOKEN}` },
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const preview = () => ({
  status: 200,
  json: { data: { customerName: 'Demo BV', email: 'new@example.com' } },
});

describe('RegisterTokenPage', () => {
  it('shows the organisation and the address, checks the password rules, then signs in', async () => {
    const sent = renderRegister({
      [`GET /register/${TOKEN}`]: preview,
      [`POST /register/${TOKEN}`]: () => ({
        status: 201,
        json: {
          data: {
            id: '01HZY8Q4J8M7V0K2T3R5N6P7QK',
            name: 'Nina',
            email: 'new@example.com',
            role: 'user',
            customerId: '01HZY8Q4J8M7V0K2T3R5N6P7QC',
            permissionKeys: [],
            localization: { language: 'en' },
          },
        },
      }),
      'GET /projects': () => ({ status: 200, json: { data: [], meta: { total: 0 } } }),
    });
    expect((await screen.findByTestId('register-token-intro')).textContent).toContain('Demo BV');
    expect((screen.getByTestId('register-token-email') as HTMLInputElement).value).toBe(
      'new@example.com',
    );
    fireEvent.change(screen.getByTestId('register-token-name'), { target: { value: 'Nina' } });
    fireEvent.change(screen.getByTestId('register-token-password'), {
      target: { value: 'short' },
    });
    fireEvent.change(screen.getByTestId('register-token-confirmation'), {
      target: { value: 'short' },
    });
    fireEvent.click(screen.getByTestId('register-token-submit'));
    expect(await screen.findByText(/at least 8/)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('register-token-password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.change(screen.getByTestId('register-token-confirmation'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.click(screen.getByTestId('register-token-submit'));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: `/register/${TOKEN}`,
        body: { name: 'Nina', password: 'long-enough-1', passwordConfirmation: 'long-enough-1' },
      }),
    );
    expect(await screen.findByText('signed in at the start page')).toBeTruthy();
  });

  it('an expired link offers to ask the inviter for a new one', async () => {
    renderRegister({
      [`GET /register/${TOKEN}`]: () => ({
        status: 422,
        json: {
          errors: [
            {
              code: 'hash_expired',
              detail: 'expired',
              source: { pointer: '/token' },
              meta: {
                customerName: 'Demo BV',
                inviterName: 'Ada Admin',
                inviterEmail: 'ada@example.com',
              },
            },
          ],
        },
      }),
    });
    const notice = await screen.findByTestId('register-token-expired');
    const ask = screen.getByRole('link', { name: 'Ask Ada Admin for a new link' });
    expect(ask.getAttribute('href')).toContain('mailto:ada@example.com');
    expect(notice.textContent).toContain('expired');
    expect(screen.queryByTestId('register-token-submit')).toBeNull();
  });

  it('says so above the form when the address got an account meanwhile', async () => {
    renderRegister({
      [`GET /register/${TOKEN}`]: preview,
      [`POST /register/${TOKEN}`]: () => refusal(422, 'email_duplicated', '/email'),
    });
    await screen.findByTestId('register-token-intro');
    fireEvent.change(screen.getByTestId('register-token-name'), { target: { value: 'Nina' } });
    for (const id of ['register-token-password', 'register-token-confirmation']) {
      fireEvent.change(screen.getByTestId(id), { target: { value: 'long-enough-1' } });
    }
    fireEvent.click(screen.getByTestId('register-token-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This email address is already in use',
    );
  });

  it('a used or revoked link says it cannot be used', async () => {
    renderRegister({
      [`GET /register/${TOKEN}`]: () => refusal(422, 'duplicated_token', '/token'),
    });
    expect(await screen.findByTestId('register-token-used')).toBeTruthy();
    expect(screen.queryByTestId('register-token-submit')).toBeNull();
  });
});
