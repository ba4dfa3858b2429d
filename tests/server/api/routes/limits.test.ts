// Limits everywhere (issue 10): creation stops at 100 %, scans never do but customer admins are
// mailed at 80 % and 100 %, project limits stay within the customer's, and the scan forecast.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  linkQrCodeThroughApi,
  setCustomerLimits,
  setUsedScans,
} from '../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

let t: TestApp;
let cookie: string;
let userCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
  userCookie = await login(t.app, DEMO.user);
});

afterAll(async () => {
  await t.close();
});

const demo = () => t.ids.customers.demo;
const project = () => t.ids.projects.demoLinked;

describe('scan limit mails at 79 / 80 / 100 %', () => {
  beforeEach(async () => {
    await setCustomerLimits(t.db, demo(), { maxScans: 100 });
    await t.db.updateTable('customers').set({ scanNoticeLevel: null }).execute();
    await t.db.updateTable('projects').set({ usedScans: 0 }).execute();
    t.mails.length = 0;
  });

  const noticesTo = (address: string) => t.mails.filter((mail) => mail.to === address);

  it.each([
    [79, null],
    [80, 'warning'],
    [99, 'warning'],
    [100, 'error'],
    [130, 'error'],
  ] as const)('%i of 100 scans → %s', async (used, level) => {
    await setUsedScans(t.db, project(), used);
    await t.app.scanNotices.check();
    const mails = noticesTo(DEMO.customeradmin);
    if (!level) {
      expect(mails).toHaveLength(0);
      return;
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(
      level === 'error'
        ? 'Je QR-codes hebben hun scanlimiet bereikt'
        : 'Je QR-codes hebben 80 % van hun scans gebruikt',
    );
    expect(mails[0].text).toContain('/billing');
    // Plain users are not mailed; and each level mails once.
    expect(noticesTo(DEMO.user)).toHaveLength(0);
    await t.app.scanNotices.check();
    expect(noticesTo(DEMO.customeradmin)).toHaveLength(1);
  });

  it('mails again at 100 % after the 80 % mail', async () => {
    await setUsedScans(t.db, project(), 85);
    await t.app.scanNotices.check();
    await setUsedScans(t.db, project(), 100);
    await t.app.scanNotices.check();
    expect(noticesTo(DEMO.customeradmin).map((mail) => mail.subject)).toEqual([
      'Je QR-codes hebben 80 % van hun scans gebruikt',
      'Je QR-codes hebben hun scanlimiet bereikt',
    ]);
  });

  it('still redirects and counts a scan beyond the limit', async () => {
    const { code } = await linkQrCodeThroughApi(t.app, cookie, project(), 'https://example.com/');
    await setUsedScans(t.db, project(), 150);
    const scan = await t.app.inject({
      method: 'GET',
      url: `/s/${code}`,
      remoteAddress: '9.9.9.9',
      headers: { 'user-agent': PHONE },
    });
    expect(scan.statusCode).toBe(302);
    await t.app.scanRecorder.flush();
    const status = await call(t.app, 'GET', `/api/customers/${demo()}/status`, { cookie });
    expect(status.json().data.used.scans).toBe(151);
  });
});

describe('QR codes at 79 / 80 / 100 % of the customer limit', () => {
  it('creates until the limit and then answers max_qr_codes_customer', async () => {
    const status = async () =>
      (await call(t.app, 'GET', `/api/customers/${demo()}/status`, { cookie })).json().data;
    const used = (await status()).used.qrCodes as number;
    // Room for exactly one more: 99 % → 100 %.
    await setCustomerLimits(t.db, demo(), { maxQrCodes: used + 1 });
    const create = () =>
      call(t.app, 'POST', `/api/projects/${project()}/qr-codes`, {
        cookie,
        body: { name: 'One more' },
      });
    expect((await create()).statusCode).toBe(201);
    const full = await create();
    expect(full.statusCode).toBe(422);
    expect(full.json().errors[0]).toMatchObject({
      code: 'max_qr_codes_customer',
      meta: { max: used + 1 },
    });
    await setCustomerLimits(t.db, demo(), { maxQrCodes: -1 });
  });
});

describe('project limits', () => {
  beforeEach(async () => {
    await setCustomerLimits(t.db, demo(), {
      maxQrCodes: 50,
      maxScans: 10_000,
      maxStorage: 100_000_000,
      maxShortLinks: 50,
    });
  });
  const setLimits = (body: unknown, as = cookie) =>
    call(t.app, 'PUT', `/api/projects/${project()}/limits`, { cookie: as, body });
  const within = { maxQrCodes: 20, maxScans: 5000, maxStorage: -1, maxShortLinks: -1 };

  it('a customer admin sets them within the customer limits', async () => {
    const response = await setLimits(within);
    expect(response.statusCode, response.body).toBe(200);
    const status = await call(t.app, 'GET', `/api/projects/${project()}/status`, { cookie });
    expect(status.json().data.total).toMatchObject({ qrCodes: 20, scans: 5000 });
  });

  it('refuses more than the customer has, at the field', async () => {
    const response = await setLimits({ ...within, maxQrCodes: 51 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'max',
      source: { pointer: '/maxQrCodes' },
      meta: { max: 50 },
    });
  });

  it('is not for plain users', async () => {
    expect((await setLimits(within, userCookie)).statusCode).toBe(403);
  });
});

describe('scan forecast', () => {
  it('carries the last 30 days forward to the day the limit is reached', async () => {
    await setCustomerLimits(t.db, demo(), { maxScans: 1000 });
    await t.db.updateTable('projects').set({ usedScans: 0 }).execute();
    const { code } = await linkQrCodeThroughApi(t.app, cookie, project(), 'https://example.com/f');
    for (const ip of ['1.1.1.1', '1.1.1.2', '1.1.1.3'])
      await t.app.inject({
        method: 'GET',
        url: `/s/${code}`,
        remoteAddress: ip,
        headers: { 'user-agent': PHONE },
      });
    await t.app.scanRecorder.flush();
    const response = await call(t.app, 'GET', `/api/customers/${demo()}/usage-forecast`, {
      cookie: userCookie,
    });
    expect(response.statusCode).toBe(200);
    const { scansLast30Days, scanLimitReachedAt } = response.json().data;
    // The three just made, plus the one of the test before (the same customer, today).
    expect(scansLast30Days).toBe(4);
    // 997 left at 4 per 30 days: 7478 days from now (rounded up to whole days).
    const days = (Date.parse(scanLimitReachedAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7478);
  });
});
