import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulidx';
import PostalMime from 'postal-mime';
import { startSmtpInbox } from '../../../helpers/smtpInbox.js';
import {
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_FREE_FAILURES_PER_PAIR,
} from '../../../../src/shared/constants.js';
import { DEMO_PASSWORD } from '../../../../src/server/db/seed.js';
import { sha256 } from '../../../../src/server/security.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('loginAttempts').execute();
});

const loginAs = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  call(t.app, 'POST', '/api/login', { body: { email, password }, remoteAddress });

describe('POST /api/login', () => {
  it('answers Self and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await loginAs(DEMO.customeradmin, 'demo12345');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({
      email: DEMO.customeradmin,
      role: 'customeradmin',
      customerId: t.ids.customers.demo,
      localization: { language: 'nl' },
    });
    expect(body.data.permissionKeys).toContain('ProjectCreate');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // Only the digest of the token is stored.
    const stored = await t.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).toContain(sha256(cookie!.value));
    expect(stored.map((row) => row.id)).not.toContain(cookie!.value);
  });

  it.each([
    ['a wrong password', DEMO.user, 'wrong-password'],
    ['an unknown account', 'nobody@example.com', 'demo12345'],
  ])('refuses %s with 401 incorrect_email_password', async (_case, email, password) => {
    const response = await loginAs(email, password);
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('incorrect_email_password');
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('answers 422 with pointers for a malformed body', async () => {
    const response = await call(t.app, 'POST', '/api/login', { body: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as { code: string; source: { pointer: string } }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'email', source: { pointer: '/email' } }),
        expect.objectContaining({ code: 'required', source: { pointer: '/password' } }),
      ]),
    );
  });

  const failTimes = async (count: number, email: string, address: string) => {
    for (let attempt = 0; attempt < count; attempt += 1) {
      const response = await loginAs(email, 'wrong-password', address);
      expect(response.statusCode).toBe(401);
    }
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('lets the owner in from a clean address while an attacker hammers the account from others', async () => {
    // 10.1.0.0 last, so its one-second wait has not passed when it tries again (a slow machine
    // spends more than a second on the other addresses' password checks).
    for (let address = 4; address >= 0; address -= 1) {
      await failTimes(LOGIN_FREE_FAILURES_PER_PAIR, DEMO.user, `10.1.0.${address}`);
    }
    const attacker = await loginAs(DEMO.user, 'wrong-password', '10.1.0.0');
    expect(attacker.statusCode).toBe(429);
    expect((await loginAs(DEMO.user, 'demo12345', '10.1.0.99')).statusCode).toBe(200);
  });

  it('backs off one account from one address exponentially, with Retry-After', async () => {
    await failTimes(LOGIN_FREE_FAILURES_PER_PAIR, DEMO.user, '10.4.0.1');
    const first = await loginAs(DEMO.user, 'demo12345', '10.4.0.1');
    expect(first.statusCode).toBe(429);
    expect(first.json().errors[0].code).toBe('too_many_attempts');
    expect(first.headers['retry-after']).toBe('1');
    // Another account from the same address is not held back.
    expect((await loginAs(DEMO.customeradmin, 'demo12345', '10.4.0.1')).statusCode).toBe(200);
    await sleep(1_100);
    // The wait doubles with each further failure…
    expect((await loginAs(DEMO.user, 'wrong-password', '10.4.0.1')).statusCode).toBe(401);
    expect((await loginAs(DEMO.user, 'demo12345', '10.4.0.1')).headers['retry-after']).toBe('2');
    await sleep(2_100);
    // …and once it has passed, the right password gets in.
    expect((await loginAs(DEMO.user, 'demo12345', '10.4.0.1')).statusCode).toBe(200);
  });

  it('gives one address a larger budget across accounts before it backs off', async () => {
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ADDRESS; attempt += 1) {
      expect((await loginAs(`guess${attempt}@example.com`, 'wrong', '10.2.0.1')).statusCode).toBe(
        401,
      );
    }
    expect((await loginAs(DEMO.admin, 'demo12345', '10.2.0.1')).statusCode).toBe(429);
    expect((await loginAs(DEMO.admin, 'demo12345', '10.2.0.2')).statusCode).toBe(200);
  });

  it('forgets failures once the 15-minute window has passed', async () => {
    await failTimes(LOGIN_FREE_FAILURES_PER_PAIR, DEMO.user, '10.3.0.1');
    expect((await loginAs(DEMO.user, 'demo12345', '10.3.0.1')).statusCode).toBe(429);
    const longAgo = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await t.db.updateTable('loginAttempts').set({ lastFailureAt: longAgo }).execute();
    expect((await loginAs(DEMO.user, 'demo12345', '10.3.0.1')).statusCode).toBe(200);
  });
});

describe('Client-Type', () => {
  it.each([
    ['POST', '/api/login'],
    ['PUT', '/api/self'],
    ['POST', '/api/projects'],
    ['DELETE', '/api/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  ] as const)(
    '%s %s without a known Client-Type → 400 client_type_required',
    async (method, url) => {
      for (const clientType of [null, 'evil']) {
        const response = await call(t.app, method, url, { clientType, body: {} });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0].code).toBe('client_type_required');
      }
    },
  );

  it('lets reads through without the header', async () => {
    const cookie = await login(t.app, DEMO.user);
    const response = await call(t.app, 'GET', '/api/self', { cookie, clientType: null });
    expect(response.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 unauthenticated without a session', async () => {
    const response = await call(t.app, 'GET', '/api/self');
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('unauthenticated');
  });

  it('answers 401 for an expired session and removes its row', async () => {
    const cookie = await login(t.app, DEMO.user);
    const sessionId = sha256(cookie.slice('sid='.length));
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionId)
      .execute();
    const response = await call(t.app, 'GET', '/api/self', { cookie });
    expect(response.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('ends a session 30 days after sign-in, however active (absolute lifetime)', async () => {
    const cookie = await login(t.app, DEMO.user);
    const sessionId = sha256(cookie.slice('sid='.length));
    const signedIn = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 - 1000).toISOString();
    await t.db
      .updateTable('sessions')
      .set({ createdAt: signedIn, lastSeenAt: new Date().toISOString() })
      .where('id', '=', sessionId)
      .execute();
    expect((await call(t.app, 'GET', '/api/self', { cookie })).statusCode).toBe(401);
  });

  it('slides the expiry forward on use', async () => {
    const cookie = await login(t.app, DEMO.user);
    const sessionId = sha256(cookie.slice('sid='.length));
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const aWhileAgo = new Date(Date.now() - 5 * 60 * 1000).toISOString();
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: soon, lastSeenAt: aWhileAgo })
      .where('id', '=', sessionId)
      .execute();
    expect((await call(t.app, 'GET', '/api/self', { cookie })).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select('expiresAt')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });

  it('logs out through the two-step flow', async () => {
    const cookie = await login(t.app, DEMO.user);
    const flow = await call(t.app, 'GET', '/api/self-service/logout/browser', { cookie });
    expect(flow.statusCode).toBe(200);
    const { logout_token: logoutToken, logout_url: logoutUrl } = flow.json();
    expect(logoutToken).toEqual(expect.any(String));
    expect(logoutUrl).toContain('/api/self-service/logout');

    const done = await call(t.app, 'POST', '/api/self-service/logout', {
      cookie,
      body: { logout_token: logoutToken },
    });
    expect(done.statusCode).toBe(204);
    expect(done.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await call(t.app, 'GET', '/api/self', { cookie })).statusCode).toBe(401);

    const again = await call(t.app, 'POST', '/api/self-service/logout', {
      body: { logout_token: logoutToken },
    });
    expect(again.statusCode).toBe(422);
    const actions = await t.db
      .selectFrom('auditLogs')
      .select('action')
      .where('itemId', '=', t.ids.users.user)
      .execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['login', 'logout']));
  });
});

describe('self', () => {
  it('updates name and language', async () => {
    const cookie = await login(t.app, DEMO.other);
    const response = await call(t.app, 'PUT', '/api/self', {
      cookie,
      body: { name: 'Acme Person', localization: { language: 'en' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Acme Person',
      localization: { language: 'en' },
    });
  });

  it('answers 422 at /localization/language for an unknown language', async () => {
    const cookie = await login(t.app, DEMO.other);
    const response = await call(t.app, 'PUT', '/api/self', {
      cookie,
      body: { name: '', localization: { language: 'de' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { code: 'required', detail: expect.any(String), source: { pointer: '/name' } },
        {
          code: 'in',
          detail: expect.any(String),
          source: { pointer: '/localization/language' },
          meta: { values: ['nl', 'en'] },
        },
      ]),
    );
  });
});

describe('PUT /api/self/password', () => {
  it('checks the current password and the confirmation', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const wrongCurrent = await call(t.app, 'PUT', '/api/self/password', {
      cookie,
      body: {
        currentPassword: 'nope-nope',
        password: 'new-password-1',
        passwordConfirmation: 'new-password-1',
      },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().errors[0]).toMatchObject({
      code: 'incorrect_password',
      source: { pointer: '/currentPassword' },
    });

    const mismatch = await call(t.app, 'PUT', '/api/self/password', {
      cookie,
      body: {
        currentPassword: 'demo12345',
        password: 'new-password-1',
        passwordConfirmation: 'other',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0]).toMatchObject({
      code: 'confirmed',
      source: { pointer: '/passwordConfirmation' },
    });

    const tooShort = await call(t.app, 'PUT', '/api/self/password', {
      cookie,
      body: { currentPassword: 'demo12345', password: 'short', passwordConfirmation: 'short' },
    });
    expect(tooShort.json().errors[0]).toMatchObject({ code: 'min', meta: { min: 8 } });
  });

  it('changes the password and ends the other sessions', async () => {
    const { email, password } = await import('../../../helpers/factories.js').then((f) =>
      f.buildUser(t.db, { customerId: t.ids.customers.demo }),
    );
    const cookie = await login(t.app, email, password);
    const otherDevice = await login(t.app, email, password);
    const response = await call(t.app, 'PUT', '/api/self/password', {
      cookie,
      body: {
        currentPassword: password,
        password: 'brand-new-pass',
        passwordConfirmation: 'brand-new-pass',
      },
    });
    expect(response.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/self', { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/self', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await loginAs(email, password)).statusCode).toBe(401);
    expect((await loginAs(email, 'brand-new-pass')).statusCode).toBe(200);
  });
});

describe('password recovery', () => {
  const tokenOf = (text: string) => {
    const match = /\/recovery\?token=([\w%-]+)/.exec(text);
    if (!match) throw new Error(`no link in: ${text}`);
    return decodeURIComponent(match[1]);
  };

  it('answers 204 for unknown addresses without sending mail', async () => {
    t.mails.length = 0;
    const response = await call(t.app, 'POST', '/api/password/forget', {
      body: { email: 'nobody@example.com' },
    });
    expect(response.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mails).toHaveLength(0);
  });

  /** Asks for a link for `email` and answers the token from the mail. */
  const requestLink = async (email: string) => {
    t.mails.length = 0;
    expect(
      (await call(t.app, 'POST', '/api/password/forget', { body: { email } })).statusCode,
    ).toBe(204);
    await vi.waitFor(() => expect(t.mails).toHaveLength(1));
    return tokenOf(t.mails[0].text);
  };
  const recover = (token: string, password = 'recovered-pass') =>
    call(t.app, 'POST', '/api/recovery', {
      body: { token, password, passwordConfirmation: password },
    });

  it('a new request kills every older link', async () => {
    const { buildUser } = await import('../../../helpers/factories.js');
    const { email } = await buildUser(t.db, { customerId: t.ids.customers.demo });
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect((await recover(older)).json().errors[0].code).toBe('hash_expired');
    expect((await recover(newer)).statusCode).toBe(204);
  });

  it('a used link kills the other links of the account', async () => {
    const { buildUser } = await import('../../../helpers/factories.js');
    const { id, email } = await buildUser(t.db, { customerId: t.ids.customers.demo });
    const used = await requestLink(email);
    // A second live link, as one mailed before this rule existed would be.
    const other = 'an-older-token-from-before';
    const now = new Date();
    await t.db
      .insertInto('passwordResets')
      .values({
        id: ulid(),
        userId: id,
        tokenHash: sha256(other),
        expiresAt: new Date(now.getTime() + 60_000).toISOString(),
        createdAt: now.toISOString(),
        usedAt: null,
      })
      .execute();
    expect((await recover(used)).statusCode).toBe(204);
    expect((await recover(other, 'another-pass-1')).json().errors[0].code).toBe('hash_expired');
  });

  it('a password change kills the links', async () => {
    const { buildUser } = await import('../../../helpers/factories.js');
    const { email, password } = await buildUser(t.db, { customerId: t.ids.customers.demo });
    const token = await requestLink(email);
    const cookie = await login(t.app, email, password);
    const change = await call(t.app, 'PUT', '/api/self/password', {
      cookie,
      body: {
        currentPassword: password,
        password: 'changed-pass-1',
        passwordConfirmation: 'changed-pass-1',
      },
    });
    expect(change.statusCode).toBe(204);
    expect((await recover(token)).json().errors[0].code).toBe('hash_expired');
  });

  it('mails a link that sets a new password once', async () => {
    const { buildUser } = await import('../../../helpers/factories.js');
    const { email } = await buildUser(t.db, { customerId: t.ids.customers.demo });
    t.mails.length = 0;
    const forget = await call(t.app, 'POST', '/api/password/forget', { body: { email } });
    expect(forget.statusCode).toBe(204);
    await vi.waitFor(() => expect(t.mails).toHaveLength(1));
    expect(t.mails[0].to).toBe(email);
    const token = tokenOf(t.mails[0].text);

    const body = { token, password: 'recovered-pass', passwordConfirmation: 'recovered-pass' };
    expect((await call(t.app, 'POST', '/api/recovery', { body })).statusCode).toBe(204);
    expect((await loginAs(email, 'recovered-pass')).statusCode).toBe(200);

    const reused = await call(t.app, 'POST', '/api/recovery', { body });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0]).toMatchObject({
      code: 'hash_expired',
      source: { pointer: '/token' },
    });
  });

  it('refuses an expired link with 422 hash_expired', async () => {
    const { buildUser } = await import('../../../helpers/factories.js');
    const { email } = await buildUser(t.db, { customerId: t.ids.customers.demo });
    t.mails.length = 0;
    await call(t.app, 'POST', '/api/password/forget', { body: { email } });
    await vi.waitFor(() => expect(t.mails).toHaveLength(1));
    const token = tokenOf(t.mails[0].text);
    await t.db
      .updateTable('passwordResets')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenHash', '=', sha256(token))
      .execute();
    const response = await call(t.app, 'POST', '/api/recovery', {
      body: { token, password: 'recovered-pass', passwordConfirmation: 'recovered-pass' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('hash_expired');
  });

  it('sends the mail through SMTP_URL', async () => {
    const inbox = await startSmtpInbox();
    const { received } = inbox;
    const withSmtp = await buildTestApp({ config: { smtpUrl: inbox.url } });
    try {
      const response = await call(withSmtp.app, 'POST', '/api/password/forget', {
        body: { email: DEMO.user },
      });
      expect(response.statusCode).toBe(204);
      await vi.waitFor(() => expect(received).toHaveLength(1));
      const mail = await PostalMime.parse(received[0]);
      expect(mail.to?.[0].address).toBe(DEMO.user);
      expect(tokenOf(mail.text ?? '')).toEqual(expect.any(String));
    } finally {
      await withSmtp.close();
      await inbox.close();
    }
  });
});

describe('the session cookie on https', () => {
  it('is __Host-sid: Secure, HttpOnly, SameSite=Lax, path / and no Domain', async () => {
    const secure = await buildTestApp({ config: { secureCookies: true } });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'client-type': 'dashboard' },
        payload: { email: DEMO.user, password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.domain).toBeUndefined();
      const self = await secure.app.inject({
        method: 'GET',
        url: '/api/self',
        headers: { cookie: `__Host-sid=${cookie?.value}` },
      });
      expect(self.statusCode).toBe(200);
      // The plain name is not read on https.
      const plain = await secure.app.inject({
        method: 'GET',
        url: '/api/self',
        headers: { cookie: `sid=${cookie?.value}` },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
