// Two-step sign-in (issue 9, part 5): set-up with a confirmed code, the second sign-in step with
// an app code or a one-time recovery code, its throttling, turning it off, and the customer's rule.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { LOGIN_FREE_FAILURES_PER_PAIR } from '../../../src/shared/constants.js';
import { sha256 } from '../../../src/server/security.js';
import { buildUser } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('loginAttempts').execute();
  t.mails.length = 0;
});

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** A fresh user with two-step sign-in turned on through the API. */
async function userWithTwoFactor() {
  const user = await buildUser(t.db, { customerId: t.ids.customers.demo });
  const cookie = await login(t.app, user.email, user.password);
  const setup = await call(t.app, 'POST', '/api/self/two-factor', { cookie });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
  const confirm = await call(t.app, 'POST', '/api/self/two-factor/confirm', {
    cookie,
    body: { code: await codeFor(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = confirm.json().data as { recoveryCodes: string[] };
  return { ...user, cookie, secret, otpauthUrl, recoveryCodes };
}

const passwordStep = (email: string, password: string, remoteAddress = '10.9.0.1') =>
  call(t.app, 'POST', '/api/login', { body: { email, password }, remoteAddress });

const secondStep = (pending: string | undefined, body: unknown, remoteAddress = '10.9.0.1') =>
  call(t.app, 'POST', '/api/login/two-factor', {
    body,
    remoteAddress,
    ...(pending ? { headers: { cookie: `pending_login=${pending}` } } : {}),
  });

describe('setting up two-step sign-in', () => {
  it('answers a secret and its otpauth URL, and turns on only after a right code', async () => {
    const user = await buildUser(t.db, { customerId: t.ids.customers.demo });
    const cookie = await login(t.app, user.email, user.password);
    const setup = await call(t.app, 'POST', '/api/self/two-factor', { cookie });
    const { secret, otpauthUrl } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(otpauthUrl).toContain(encodeURIComponent(user.email));

    const wrong = await call(t.app, 'POST', '/api/self/two-factor/confirm', {
      cookie,
      body: { code: (Number(await codeFor(secret)) + 1).toString().padStart(6, '0').slice(-6) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({
      code: 'two_factor_code_incorrect',
      source: { pointer: '/code' },
    });
    const malformed = await call(t.app, 'POST', '/api/self/two-factor/confirm', {
      cookie,
      body: { code: '12ab' },
    });
    expect(malformed.json().errors[0]).toMatchObject({ code: 'digits', meta: { length: 6 } });
    const stillOff = await call(t.app, 'GET', '/api/self/two-factor', { cookie });
    expect(stillOff.json().data).toMatchObject({ enabled: false });
    // Still off: the password alone signs in.
    expect((await passwordStep(user.email, user.password)).json().data.email).toBe(user.email);
  });

  it('answers ten recovery codes once, stores only their digests, and mails a notice', async () => {
    const user = await userWithTwoFactor();
    expect(user.recoveryCodes).toHaveLength(10);
    expect(new Set(user.recoveryCodes).size).toBe(10);
    const stored = await t.db
      .selectFrom('recoveryCodes')
      .innerJoin('users', 'users.id', 'recoveryCodes.userId')
      .select('codeHash')
      .where('users.email', '=', user.email)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(user.recoveryCodes[0]);
    const state = await call(t.app, 'GET', '/api/self/two-factor', { cookie: user.cookie });
    expect(state.json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const notice = t.mails.find((mail) => mail.to === user.email);
    expect(notice?.subject).toBe('Two-step sign-in is on');
    expect(notice?.html).toContain('<p>');
    expect(notice?.text).toContain('turned on');
    const again = await call(t.app, 'POST', '/api/self/two-factor', { cookie: user.cookie });
    expect(again.json().errors[0].code).toBe('two_factor_already_enabled');
  });
});

describe('signing in with two-step sign-in', () => {
  it('answers twoFactorRequired without a session, then a session for a current code', async () => {
    const user = await userWithTwoFactor();
    const first = await passwordStep(user.email, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { twoFactorRequired: true } });
    expect(cookieOf(first, 'sid')).toBeUndefined();
    const pending = cookieOf(first, 'pending_login');
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/login/two-factor' });
    const stored = await t.db.selectFrom('pendingLogins').select('id').execute();
    expect(stored.map((row) => row.id)).toContain(sha256(pending!.value));

    // The code that confirmed the set-up was used; the next step's code is new.
    const second = await secondStep(pending!.value, { code: await codeFor(user.secret, 1) });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ email: user.email, twoFactor: { enabled: true } });
    const sid = cookieOf(second, 'sid');
    expect(sid).toBeDefined();
    const self = await call(t.app, 'GET', '/api/self', { cookie: `sid=${sid!.value}` });
    expect(self.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'changes'])
      .where('itemId', '=', user.id)
      .where('action', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '{}')).toEqual({ secondFactor: 'app' });

    // The pending sign-in is gone, and the same code does not work twice.
    const replay = await secondStep(pending!.value, { code: await codeFor(user.secret, 1) });
    expect(replay.json().errors[0].code).toBe('two_factor_login_expired');
    const again = await passwordStep(user.email, user.password);
    const reused = await secondStep(cookieOf(again, 'pending_login')!.value, {
      code: await codeFor(user.secret, 1),
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0].code).toBe('two_factor_code_incorrect');
  });

  it('accepts each recovery code once', async () => {
    const user = await userWithTwoFactor();
    const [code] = user.recoveryCodes;
    const first = await passwordStep(user.email, user.password);
    const ok = await secondStep(cookieOf(first, 'pending_login')!.value, {
      recoveryCode: code.toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    expect(cookieOf(ok, 'sid')).toBeDefined();

    const second = await passwordStep(user.email, user.password);
    const used = await secondStep(cookieOf(second, 'pending_login')!.value, { recoveryCode: code });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors[0]).toMatchObject({
      code: 'two_factor_code_incorrect',
      source: { pointer: '/recoveryCode' },
    });
    const state = await call(t.app, 'GET', '/api/self/two-factor', { cookie: user.cookie });
    expect(state.json().data.recoveryCodesLeft).toBe(9);
  });

  it('refuses the second step without a pending sign-in, or after it expired', async () => {
    const user = await userWithTwoFactor();
    const none = await secondStep(undefined, { code: '123456' });
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0].code).toBe('two_factor_login_expired');
    const first = await passwordStep(user.email, user.password);
    await t.db
      .updateTable('pendingLogins')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await secondStep(cookieOf(first, 'pending_login')!.value, {
      code: await codeFor(user.secret, 1),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().errors[0].code).toBe('two_factor_login_expired');
  });

  it('throttles wrong codes like wrong passwords: past the free failures even a right code waits', async () => {
    const user = await userWithTwoFactor();
    const first = await passwordStep(user.email, user.password, '10.9.9.9');
    const pending = cookieOf(first, 'pending_login')!.value;
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_PAIR; attempt += 1) {
      const wrong = await secondStep(pending, { code: '000000' }, '10.9.9.9');
      expect(wrong.statusCode).toBe(422);
    }
    const held = await secondStep(pending, { code: await codeFor(user.secret, 1) }, '10.9.9.9');
    expect(held.statusCode).toBe(429);
    expect(held.json().errors[0].code).toBe('too_many_attempts');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password or a current code, mails a notice, and the password alone signs in again', async () => {
    const user = await userWithTwoFactor();
    const wrong = await call(t.app, 'DELETE', '/api/self/two-factor', {
      cookie: user.cookie,
      body: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({
      code: 'incorrect_password',
      source: { pointer: '/password' },
    });
    const empty = await call(t.app, 'DELETE', '/api/self/two-factor', {
      cookie: user.cookie,
      body: {},
    });
    expect(empty.statusCode).toBe(422);
    t.mails.length = 0;
    const off = await call(t.app, 'DELETE', '/api/self/two-factor', {
      cookie: user.cookie,
      body: { code: await codeFor(user.secret, 1) },
    });
    expect(off.statusCode).toBe(204);
    expect(t.mails.map((mail) => mail.subject)).toEqual(['Two-step sign-in is off']);
    expect(
      await t.db.selectFrom('recoveryCodes').selectAll().where('userId', '=', user.id).execute(),
    ).toEqual([]);
    const direct = await passwordStep(user.email, user.password);
    expect(direct.json().data.email).toBe(user.email);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select('changes')
      .where('itemId', '=', user.id)
      .where('action', '=', 'updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '{}')).toMatchObject({
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  });
});

describe('a customer that requires two-step sign-in', () => {
  it('lets its customer admin require it, which every user of the customer sees in Self', async () => {
    const admin = await login(t.app, DEMO.customeradmin);
    const url = `/api/customers/${t.ids.customers.demo}/two-factor`;
    const on = await call(t.app, 'PUT', url, { cookie: admin, body: { required: true } });
    expect(on.statusCode).toBe(200);
    const user = await login(t.app, DEMO.user);
    const self = await call(t.app, 'GET', '/api/self', { cookie: user });
    expect(self.json().data.twoFactor).toEqual({ enabled: false, required: true });
    expect(
      (await call(t.app, 'PUT', url, { cookie: user, body: { required: false } })).statusCode,
    ).toBe(403);
    const other = await call(t.app, 'PUT', `/api/customers/${t.ids.customers.acme}/two-factor`, {
      cookie: admin,
      body: { required: true },
    });
    expect(other.statusCode).toBe(404);
    await call(t.app, 'PUT', url, { cookie: admin, body: { required: false } });
  });

  it('lets an account without the second factor reach only its own settings until it is on', async () => {
    const admin = await login(t.app, DEMO.customeradmin);
    const url = `/api/customers/${t.ids.customers.demo}/two-factor`;
    await call(t.app, 'PUT', url, { cookie: admin, body: { required: true } });
    const user = await login(t.app, DEMO.user);
    const projects = await call(t.app, 'GET', `/api/projects/${t.ids.projects.demoLinked}`, {
      cookie: user,
    });
    expect(projects.statusCode).toBe(403);
    expect(projects.json().errors[0].code).toBe('two_factor_setup_required');
    expect((await call(t.app, 'GET', '/api/self', { cookie: user })).statusCode).toBe(200);
    const setup = await call(t.app, 'POST', '/api/self/two-factor', { cookie: user });
    expect(setup.statusCode, setup.body).toBeLessThan(300);
    await call(t.app, 'PUT', url, { cookie: admin, body: { required: false } });
    expect(
      (await call(t.app, 'GET', `/api/projects/${t.ids.projects.demoLinked}`, { cookie: user }))
        .statusCode,
    ).toBe(200);
  });
});
