// Invitations and registering with their link (issue 9, parts 2, 3 and 8), through the real API.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulidx';
import { sha256 } from '../../../../src/server/security.js';
import { buildUser } from '../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
let customeradmin: string;
let admin: string;
let demo: string;

beforeAll(async () => {
  t = await buildTestApp();
  customeradmin = await login(t.app, DEMO.customeradmin);
  admin = await login(t.app, DEMO.admin);
  demo = t.ids.customers.demo;
});
afterAll(async () => {
  await t.close();
});
/** Each test signs up from its own address, so wrong links of one never throttle another. */
let address = '';
let tests = 0;
beforeEach(async () => {
  await t.db.updateTable('customers').set({ maxUsers: -1 }).execute();
  tests += 1;
  address = `10.9.${tests}.1`;
});
afterEach(() => {
  vi.useRealTimers();
});

const freshEmail = () => `invitee-${ulid().toLowerCase()}@example.com`;

async function invite(body: Record<string, unknown>, cookie = customeradmin, customerId = demo) {
  return call(t.app, 'POST', `/api/customers/${customerId}/invites`, { cookie, body });
}

/** Invites an address and answers the invitation's id and the token from the mailed link. */
async function invited(overrides: Record<string, unknown> = {}) {
  const email = freshEmail();
  const response = await invite({ email, role: 'user', ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id as string, email, token: tokenMailedTo(email) };
}

function tokenMailedTo(email: string): string {
  const mail = t.mails.filter((candidate) => candidate.to === email).at(-1);
  expect(mail, `no mail to ${email}`).toBeDefined();
  const match = /\/register\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1];
}

const register = (token: string, body: Record<string, unknown>, remoteAddress = address) =>
  call(t.app, 'POST', `/api/register/${token}`, { body, remoteAddress });
const preview = (token: string, remoteAddress = address) =>
  call(t.app, 'GET', `/api/register/${token}`, { remoteAddress });
const FORM = {
  name: 'New Colleague',
  password: 'colleague-pass',
  passwordConfirmation: 'colleague-pass',
};
const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string }[] }).errors[0].code;

describe('inviting', () => {
  it('stores only the digest of the mailed token, mails HTML with a plain-text part in the invitee language, and lists it as pending', async () => {
    const email = freshEmail();
    const response = await invite({
      email,
      role: 'user',
      projectIds: [t.ids.projects.demoLinked],
      language: 'en',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      email,
      role: 'user',
      language: 'en',
      state: 'pending',
      projects: [{ id: t.ids.projects.demoLinked }],
      invitedBy: 'Demo Admin',
    });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Demo Admin invites you to Demo BV on QR Hub');
    expect(mail.html).toContain('/register/');
    const token = tokenMailedTo(email);
    const row = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const expires = Date.parse(row.expiresAt) - Date.parse(row.createdAt);
    expect(expires).toBe(3 * 24 * 60 * 60 * 1000);
    const list = await call(t.app, 'GET', `/api/customers/${demo}/invites`, {
      cookie: customeradmin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((item: { email: string }) => item.email === email).state).toBe(
      'pending',
    );
  });

  it('writes the Dutch mail for a Dutch invitation', async () => {
    const { email } = await invited({ language: 'nl' });
    const mail = t.mails.filter((candidate) => candidate.to === email).at(-1)!;
    expect(mail.subject).toBe('Demo Admin nodigt je uit voor Demo BV op QR Hub');
    expect(mail.text).toContain('Uitnodiging accepteren');
  });

  it('answers email_duplicated for an address that already has an account', async () => {
    const response = await invite({ email: DEMO.user, role: 'user' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'email_duplicated',
      source: { pointer: '/email' },
    });
  });

  it('answers email_already_invited while an invitation to the address is open', async () => {
    const { email } = await invited();
    const again = await invite({ email, role: 'user' });
    expect(again.statusCode).toBe(422);
    expect(codeOf(again)).toBe('email_already_invited');
  });

  it("refuses another customer's project, and the admin role", async () => {
    const foreign = await invite({
      email: freshEmail(),
      role: 'user',
      projectIds: [t.ids.projects.acme],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].source.pointer).toBe('/projectIds/0');
    const root = await invite({ email: freshEmail(), role: 'admin' });
    expect(root.statusCode).toBe(422);
    expect(codeOf(root)).toBe('role_not_allowed');
  });

  it("enforces the plan's user limit: accounts plus open invitations", async () => {
    // Demo BV has two accounts; with a limit of three, one invitation fits.
    await t.db.deleteFrom('invitations').where('customerId', '=', demo).execute();
    await t.db.updateTable('customers').set({ maxUsers: 3 }).where('id', '=', demo).execute();
    await invited();
    const refused = await invite({ email: freshEmail(), role: 'user' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'user_limit_reached',
      meta: { max: 3 },
    });
    const list = await call(t.app, 'GET', `/api/customers/${demo}/invites`, {
      cookie: customeradmin,
    });
    expect(list.json().meta.seats).toEqual({ used: 3, max: 3 });
    // Making an account directly takes a seat too, so it is refused the same way.
    const direct = await call(t.app, 'POST', `/api/customers/${demo}/users`, {
      cookie: customeradmin,
      body: {
        name: 'One too many',
        email: freshEmail(),
        role: 'user',
        password: 'a-good-password',
        localization: { language: 'nl' },
      },
    });
    expect(direct.statusCode, direct.body).toBe(422);
    expect(direct.json().errors[0]).toMatchObject({ code: 'user_limit_reached', meta: { max: 3 } });
  });

  it('lets a platform admin invite into any customer', async () => {
    const email = freshEmail();
    const response = await invite({ email, role: 'customeradmin' }, admin, t.ids.customers.acme);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.invitedBy).toBe('Admin');
  });

  it("refuses a user (403) and hides another customer's invitation (404)", async () => {
    const user = await login(t.app, DEMO.user);
    const refused = await invite({ email: freshEmail(), role: 'user' }, user);
    expect(refused.statusCode).toBe(403);
    const acmeAdmin = await buildUser(t.db, {
      customerId: t.ids.customers.acme,
      role: 'customeradmin',
    });
    const acmeCookie = await login(t.app, acmeAdmin.email, acmeAdmin.password);
    const acmeInvite = await invite(
      { email: freshEmail(), role: 'user' },
      acmeCookie,
      t.ids.customers.acme,
    );
    const acmeId = acmeInvite.json().data.id as string;
    for (const [method, path] of [
      ['POST', `/api/customers/${demo}/invites/${acmeId}/resend`],
      ['DELETE', `/api/customers/${demo}/invites/${acmeId}`],
      ['POST', `/api/customers/${t.ids.customers.acme}/invites/${acmeId}/resend`],
    ] as const) {
      const response = await call(t.app, method, path, { cookie: customeradmin });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('resending and revoking', () => {
  it('resend mails a new link and kills the old one', async () => {
    const { id, email, token } = await invited();
    const resent = await call(t.app, 'POST', `/api/customers/${demo}/invites/${id}/resend`, {
      cookie: customeradmin,
    });
    expect(resent.statusCode, resent.body).toBe(204);
    const fresh = tokenMailedTo(email);
    expect(fresh).not.toBe(token);
    const old = await preview(token);
    expect(old.statusCode).toBe(422);
    expect(codeOf(old)).toBe('duplicated_token');
    expect((await register(token, FORM)).statusCode).toBe(422);
    const current = await preview(fresh);
    expect(current.statusCode, current.body).toBe(200);
  });

  it('resend gives an expired invitation three more days', async () => {
    const { id, email } = await invited();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 4 * 24 * 60 * 60 * 1000);
    const list = async () =>
      (await call(t.app, 'GET', `/api/customers/${demo}/invites`, { cookie: customeradmin }))
        .json()
        .data.find((item: { id: string }) => item.id === id);
    expect((await list()).state).toBe('expired');
    const resent = await call(t.app, 'POST', `/api/customers/${demo}/invites/${id}/resend`, {
      cookie: customeradmin,
    });
    expect(resent.statusCode, resent.body).toBe(204);
    expect((await list()).state).toBe('pending');
    expect((await preview(tokenMailedTo(email))).statusCode).toBe(200);
  });

  it('revoke closes the link (duplicated_token), and a closed invitation cannot be resent', async () => {
    const { id, token } = await invited();
    const revoked = await call(t.app, 'DELETE', `/api/customers/${demo}/invites/${id}`, {
      cookie: customeradmin,
    });
    expect(revoked.statusCode).toBe(204);
    expect(codeOf(await preview(token))).toBe('duplicated_token');
    const resent = await call(t.app, 'POST', `/api/customers/${demo}/invites/${id}/resend`, {
      cookie: customeradmin,
    });
    expect(resent.statusCode).toBe(422);
    expect(codeOf(resent)).toBe('invite_closed');
    const list = await call(t.app, 'GET', `/api/customers/${demo}/invites`, {
      cookie: customeradmin,
    });
    expect(list.json().data.find((item: { id: string }) => item.id === id).state).toBe('revoked');
  });
});

describe('/register/{token}', () => {
  it('shows the organisation and address, then makes the account on exactly the linked projects and signs it in', async () => {
    const { email, token } = await invited({ projectIds: [t.ids.projects.demoOther] });
    const shown = await preview(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toEqual({ customerName: 'Demo BV', email });
    const response = await register(token, FORM);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ email, name: 'New Colleague', role: 'user' });
    const cookie = response.cookies.find((candidate) => candidate.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    const projects = await call(t.app, 'GET', '/api/projects', { cookie: `sid=${cookie!.value}` });
    expect(projects.json().data.map((project: { id: string }) => project.id)).toEqual([
      t.ids.projects.demoOther,
    ]);
    // The link works once.
    const again = await register(token, FORM);
    expect(codeOf(again)).toBe('duplicated_token');
    expect(codeOf(await preview(token))).toBe('duplicated_token');
    // Accepted shows in the list.
    const list = await call(t.app, 'GET', `/api/customers/${demo}/invites`, {
      cookie: customeradmin,
    });
    expect(list.json().data.find((item: { email: string }) => item.email === email).state).toBe(
      'accepted',
    );
  });

  it('answers hash_expired with the inviter once three days have passed (moved clock)', async () => {
    const { token } = await invited();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 24 * 60 * 60 * 1000 - 60_000);
    expect((await preview(token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await preview(token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors[0]).toMatchObject({
      code: 'hash_expired',
      meta: {
        inviterName: 'Demo Admin',
        inviterEmail: DEMO.customeradmin,
        customerName: 'Demo BV',
      },
    });
    expect(codeOf(await register(token, FORM))).toBe('hash_expired');
  });

  it('checks name, password length and confirmation with the shared rules', async () => {
    const { token } = await invited();
    const response = await register(token, {
      name: '',
      password: 'short',
      passwordConfirmation: 'other',
    });
    expect(response.statusCode).toBe(422);
    const pointers = (response.json().errors as { source: { pointer: string } }[]).map(
      (error) => error.source.pointer,
    );
    expect(pointers).toEqual(expect.arrayContaining(['/name', '/password']));
    const mismatch = await register(token, { ...FORM, passwordConfirmation: 'colleague-pasz' });
    expect(mismatch.json().errors[0]).toMatchObject({
      code: 'confirmed',
      source: { pointer: '/passwordConfirmation' },
    });
  });

  it('refuses the account when the plan is full at acceptance', async () => {
    const { token } = await invited();
    const users = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customerId', '=', demo)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('customers')
      .set({ maxUsers: Number(users.count) })
      .where('id', '=', demo)
      .execute();
    const response = await register(token, FORM);
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('user_limit_reached');
    // Nothing was used up: with room again, the link works.
    await t.db.updateTable('customers').set({ maxUsers: -1 }).execute();
    expect((await register(token, FORM)).statusCode).toBe(201);
  });

  it('rate-limits wrong links per address', async () => {
    let last = await preview('x'.repeat(43), address);
    for (let attempt = 0; attempt < 12 && last.statusCode !== 429; attempt += 1) {
      last = await preview(`wrong-${attempt}`.padEnd(43, 'y'), address);
    }
    expect(last.statusCode).toBe(429);
    expect(codeOf(last)).toBe('too_many_attempts');
    // Even a right link waits from there; another address does not.
    const { token } = await invited();
    expect((await preview(token, address)).statusCode).toBe(429);
    expect((await preview(token, '10.77.0.2')).statusCode).toBe(200);
  });
});

describe('a mail server that does not answer', () => {
  it('keeps the invitation and answers 503 mail_not_sent, for the invitation and its resend', async () => {
    // A port nothing listens on: the connection is refused at once.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      const cookie = await login(down.app, DEMO.customeradmin);
      const email = freshEmail();
      const response = await call(
        down.app,
        'POST',
        `/api/customers/${down.ids.customers.demo}/invites`,
        {
          cookie,
          body: { email, role: 'user' },
        },
      );
      expect(response.statusCode, response.body).toBe(503);
      expect(codeOf(response)).toBe('mail_not_sent');
      const list = await call(
        down.app,
        'GET',
        `/api/customers/${down.ids.customers.demo}/invites`,
        {
          cookie,
        },
      );
      const stored = list.json().data.find((item: { email: string }) => item.email === email);
      expect(stored.state).toBe('pending');
      const resent = await call(
        down.app,
        'POST',
        `/api/customers/${down.ids.customers.demo}/invites/${stored.id}/resend`,
        { cookie },
      );
      expect(resent.statusCode).toBe(503);
      expect(codeOf(resent)).toBe('mail_not_sent');
    } finally {
      await down.close();
    }
  });
});

describe('audit rows', () => {
  it('records invited, resend, revoked and accepted', async () => {
    const { id, token } = await invited();
    await call(t.app, 'POST', `/api/customers/${demo}/invites/${id}/resend`, {
      cookie: customeradmin,
    });
    const second = await invited();
    await call(t.app, 'DELETE', `/api/customers/${demo}/invites/${second.id}`, {
      cookie: customeradmin,
    });
    expect(token).toBeTruthy();
    const rows = await t.db
      .selectFrom('auditLogs')
      .select(['itemId', 'action', 'customerId'])
      .where('type', '=', 'invite')
      .where('itemId', 'in', [id, second.id])
      .execute();
    expect(
      rows.map((row) => `${row.itemId === id ? 'first' : 'second'} ${row.action}`).sort(),
    ).toEqual(['first invited', 'first resend', 'second invited', 'second revoked']);
    expect(new Set(rows.map((row) => row.customerId))).toEqual(new Set([demo]));
  });
});
