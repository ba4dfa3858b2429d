// Self sign-up with a mailed code (issue 9, part 4) and the first administrator of an empty server
// (part 6): the rules, error codes, code expiry with a moved clock and SIGNUP=closed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_CODE_MAX_FAILURES, EMAIL_CODE_TTL_MS } from '../../../../src/shared/constants.js';
import { buildTestApp, call, DEMO, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const newEmail = () => `signup-${Date.now()}-${(counter += 1)}@example.com`;
const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  customerType: 'consumer',
  name: 'New Person',
  email,
  password: 'a-good-password',
  passwordConfirmation: 'a-good-password',
  ...extra,
});
/** A new address from its own client address, so the per-address limit of one test stays its own. */
const register = (email: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/register', {
    body: registration(email, extra),
    headers: { 'accept-language': 'en-GB,en;q=0.9' },
  });
const verify = (email: string, code: string, remoteAddress = '10.7.0.1') =>
  call(t.app, 'POST', '/api/register/verify', { body: { email, code }, remoteAddress });
const mailedCode = (email: string) => {
  const mail = [...t.mails].reverse().find((candidate) => candidate.to === email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!mail || !code) throw new Error(`no code mailed to ${email}`);
  return { mail, code };
};
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('self sign-up', () => {
  it('creates a consumer customer in its 14-day trial and mails a code in the visitor language', async () => {
    const email = newEmail();
    const response = await register(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { email } });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const { mail, code } = mailedCode(email);
    expect(mail.subject).toBe(`Your QR Hub code: ${code}`);
    expect(mail.html).toContain(code);
    const user = await t.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customerId')
      .select([
        'users.role',
        'users.verified',
        'customers.customerType',
        'customers.trialEndAt',
        'customers.subscriptionStatus',
      ])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role: 'customeradmin',
      verified: 0,
      customerType: 'consumer',
      subscriptionStatus: 'trial',
    });
    const days = (Date.parse(user.trialEndAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // Stored as a digest only.
    const stored = await t.db.selectFrom('emailVerifications').select('codeHash').execute();
    expect(stored.map((row) => row.codeHash)).not.toContain(code);
  });

  it('refuses to sign in before verification, then verifies with the code and signs in', async () => {
    const email = newEmail();
    await register(email);
    const early = await call(t.app, 'POST', '/api/login', {
      body: { email, password: 'a-good-password' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().errors[0].code).toBe('user_account_not_verified');
    const { code } = mailedCode(email);
    const wrong = await verify(email, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({
      code: 'verification_code_incorrect',
      source: { pointer: '/code' },
    });
    const right = await verify(email, code);
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ email, role: 'customeradmin' });
    expect(right.cookies.find((c) => c.name === 'sid')).toBeDefined();
    const again = await verify(email, code);
    expect(again.json().errors[0].code).toBe('verification_code_incorrect');
    const login = await call(t.app, 'POST', '/api/login', {
      body: { email, password: 'a-good-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets a code expire: after its time (moved clock) and after too many wrong tries', async () => {
    const email = newEmail();
    await register(email);
    const { code } = mailedCode(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + EMAIL_CODE_TTL_MS + 1000);
    const late = await verify(email, code, '10.7.1.1');
    expect(late.statusCode).toBe(422);
    expect(late.json().errors[0].code).toBe('verification_code_expired');
    vi.useRealTimers();

    const resend = await call(t.app, 'POST', '/api/register/verify/resend', {
      body: { email },
      remoteAddress: '10.7.1.2',
    });
    expect(resend.statusCode).toBe(204);
    const fresh = mailedCode(email).code;
    for (let attempt = 0; attempt < EMAIL_CODE_MAX_FAILURES; attempt += 1)
      await verify(email, wrongCodeFor(fresh), '10.7.1.3');
    const exhausted = await verify(email, fresh, '10.7.1.4');
    expect(exhausted.json().errors[0].code).toBe('verification_code_expired');
  });

  it('waits once an address has sent too many wrong codes', async () => {
    const email = newEmail();
    await register(email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push((await verify(email, '000000', '10.7.2.1')).statusCode);
    expect(statuses).toContain(429);
  });

  it.each([
    [
      'a business without its company name',
      { customerType: 'business' },
      '/companyName',
      'required',
    ],
    ['a short password', { password: 'short', passwordConfirmation: 'short' }, '/password', 'min'],
    [
      'a confirmation that differs',
      { passwordConfirmation: 'other-password' },
      '/passwordConfirmation',
      'confirmed',
    ],
    ['an unknown customer type', { customerType: 'none' }, '/customerType', 'in'],
  ])('refuses %s at the field', async (_case, extra, pointer, code) => {
    const response = await register(newEmail(), extra);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code, source: { pointer } })]),
    );
  });

  it('creates a business under its company name, and refuses a taken address or name', async () => {
    const email = newEmail();
    const companyName = `Sign-up BV ${Date.now()}`;
    expect((await register(email, { customerType: 'business', companyName })).statusCode).toBe(201);
    const customer = await t.db
      .selectFrom('customers')
      .select(['name', 'customerType', 'adminEmail'])
      .where('name', '=', companyName)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ name: companyName, customerType: 'business', adminEmail: email });
    const taken = await register(DEMO.user);
    expect(taken.json().errors[0]).toMatchObject({
      code: 'email_duplicated',
      source: { pointer: '/email' },
    });
    const sameName = await register(newEmail(), { customerType: 'business', companyName });
    expect(sameName.json().errors[0]).toMatchObject({
      code: 'customername_duplicated',
      source: { pointer: '/companyName' },
    });
  });
});

describe('the onboarding checklist', () => {
  it('follows what the new customer has done', async () => {
    const email = newEmail();
    await register(email);
    const verified = await verify(email, mailedCode(email).code, '10.7.3.1');
    const sid = verified.cookies.find((c) => c.name === 'sid')!;
    const cookie = `sid=${sid.value}`;
    const before = await call(t.app, 'GET', '/api/register/progress', { cookie });
    expect(before.json().data.steps).toEqual({
      verify_email: true,
      first_project: false,
      first_qr_code: false,
      first_scan: false,
      choose_plan: false,
    });
    const project = await call(t.app, 'POST', '/api/projects', {
      cookie,
      body: { name: 'My first project' },
    });
    expect(project.statusCode).toBe(201);
    const after = await call(t.app, 'GET', '/api/register/progress', { cookie });
    expect(after.json().data.steps).toMatchObject({ verify_email: true, first_project: true });
    expect(after.json().data.done).toBe(false);
  });
});

describe('SIGNUP=closed', () => {
  it('refuses sign-up and tells the login page', async () => {
    const closed = await buildTestApp({ config: { signupOpen: false } });
    try {
      const options = await call(closed.app, 'GET', '/api/setup');
      expect(options.json().data).toEqual({ firstAdminNeeded: false, signupOpen: false });
      const response = await call(closed.app, 'POST', '/api/register', {
        body: registration(newEmail()),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('signup_closed');
      expect(closed.mails).toEqual([]);
    } finally {
      await closed.close();
    }
  });
});

describe('the first administrator', () => {
  const firstAdmin = {
    name: 'First Admin',
    email: 'first@example.com',
    password: 'first-password',
    passwordConfirmation: 'first-password',
  };

  it('is created once on an empty server, which then refuses another', async () => {
    const empty = await buildTestApp({ seed: false });
    try {
      expect((await call(empty.app, 'GET', '/api/setup')).json().data).toEqual({
        firstAdminNeeded: true,
        signupOpen: true,
      });
      const bad = await call(empty.app, 'POST', '/api/setup/first-admin', {
        body: { ...firstAdmin, passwordConfirmation: 'nope-nope' },
      });
      expect(bad.statusCode).toBe(422);
      const created = await call(empty.app, 'POST', '/api/setup/first-admin', { body: firstAdmin });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({ email: firstAdmin.email, role: 'admin' });
      const sid = created.cookies.find((c) => c.name === 'sid');
      const self = await call(empty.app, 'GET', '/api/self', { cookie: `sid=${sid!.value}` });
      expect(self.json().data.role).toBe('admin');
      const second = await call(empty.app, 'POST', '/api/setup/first-admin', {
        body: { ...firstAdmin, email: 'second@example.com' },
      });
      expect(second.statusCode).toBe(403);
      expect(second.json().errors[0].code).toBe('first_admin_exists');
      expect((await call(empty.app, 'GET', '/api/setup')).json().data.firstAdminNeeded).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it('is refused on a server that has users', async () => {
    const response = await call(t.app, 'POST', '/api/setup/first-admin', { body: firstAdmin });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('first_admin_exists');
  });
});
