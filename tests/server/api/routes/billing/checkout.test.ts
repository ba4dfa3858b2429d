// Checkout with the manual provider (issue 10): an expired trial orders a plan, pays by transfer,
// the platform admin marks the invoice paid and the customer can write again. VAT numbers are
// checked against a local VIES stand-in.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAccountState } from '../../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../../helpers/testApp.js';
import { startViesStandIn, type ViesStandIn } from '../../../../helpers/viesStandIn.js';

let t: TestApp;
let vies: ViesStandIn;
let cookie: string;
let admin: string;

beforeAll(async () => {
  vies = await startViesStandIn();
  vies.registered.set('NL123456789B01', 'DEMO B.V.');
  vies.registered.set('BE0123456749', 'Brussels Print SRL');
  t = await buildTestApp({ config: { viesUrl: vies.url } });
  cookie = await login(t.app, DEMO.customeradmin);
  admin = await login(t.app, DEMO.admin);
});

afterAll(async () => {
  await t.close();
  await vies.close();
});

beforeEach(async () => {
  vies.mode = 'up';
  await setAccountState(t.db, t.ids.customers.demo, 'expired');
});

const customer = () => t.ids.customers.demo;
const activate = (body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/register/activate', { cookie, body });
const newProject = () =>
  call(t.app, 'POST', '/api/projects', { cookie, body: { name: 'After payment' } });
const firstError = (response: { json: () => { errors: unknown[] } }) =>
  response.json().errors[0] as {
    code: string;
    source?: { pointer: string };
    meta?: Record<string, unknown>;
  };

function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-')), 'invoice.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('GET /plans', () => {
  it('answers the plans with prices in cents, limits and support level', async () => {
    const response = await call(t.app, 'GET', '/api/plans', { cookie });
    expect(response.statusCode).toBe(200);
    const [starter] = response.json().data;
    expect(starter).toEqual({
      id: t.ids.plans.starter,
      name: 'Starter',
      priceMonthCents: 195,
      priceYearCents: 2106,
      limits: { qrCodes: 10, scans: 10_000, storage: 100_000_000, users: 2, shortLinks: 10 },
      supportLevel: 'basic',
    });
  });

  it('asks for a session', async () => {
    expect((await call(t.app, 'GET', '/api/plans')).statusCode).toBe(401);
  });
});

describe('manual checkout', () => {
  it.each([
    ['a platform admin', DEMO.admin],
    ['a plain user', DEMO.user],
  ])('refuses %s with 403 before reading the body', async (_who, email) => {
    const other = await login(t.app, email);
    for (const body of [{}, { planId: t.ids.plans.starter, billingPeriod: 'month' }]) {
      const response = await call(t.app, 'POST', '/api/register/activate', {
        cookie: other,
        body,
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('turns an expired trial into a paying customer once the admin marks the invoice paid', async () => {
    expect((await newProject()).statusCode).toBe(402);

    const order = await activate({
      planId: t.ids.plans.business,
      billingPeriod: 'year',
      customerType: 'consumer',
    });
    expect(order.statusCode, order.body).toBe(200);
    const { provider, invoiceId } = order.json().data;
    expect(provider).toBe('manual');
    // Ordered is not paid: still no writing.
    expect((await newProject()).statusCode).toBe(402);

    const list = await call(t.app, 'GET', `/api/customers/${customer()}/invoices`, { cookie });
    const invoice = list.json().data.find((row: { id: string }) => row.id === invoiceId);
    expect(invoice).toMatchObject({
      status: 'open',
      planName: 'Business',
      billingPeriod: 'year',
      netCents: 16146,
      vatRatePercent: 21,
      vatCents: 3391,
      totalCents: 19537,
      reverseCharge: false,
    });

    // A customer admin cannot mark their own invoice paid.
    const self = await call(
      t.app,
      'POST',
      `/api/customers/${customer()}/invoices/${invoiceId}/paid`,
      { cookie },
    );
    expect(self.statusCode).toBe(403);

    const paid = await call(
      t.app,
      'POST',
      `/api/customers/${customer()}/invoices/${invoiceId}/paid`,
      { cookie: admin },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');

    expect((await newProject()).statusCode).toBe(201);
    const billing = await call(t.app, 'GET', `/api/customers/${customer()}/billing`, { cookie });
    expect(billing.json().data).toMatchObject({
      state: 'active',
      billingPeriod: 'year',
      plan: { id: t.ids.plans.business },
      nextPayment: { totalCents: 19537 },
    });
    const status = await call(t.app, 'GET', `/api/customers/${customer()}/status`, { cookie });
    expect(status.json().data.total).toMatchObject({ qrCodes: 250, shortLinks: 250, users: 10 });

    const pdf = await call(t.app, 'GET', `/api/customers/${customer()}/invoices/${invoiceId}/pdf`, {
      cookie,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Business');
    // The demo customer admin reads Dutch: money the Dutch way.
    expect(text).toMatch(/Btw 21%:\s+€\s?33,91/);
    expect(text).toMatch(/Totaal:\s+€\s?195,37/);
  });

  it('cancels at the end of the period, and can be undone until then', async () => {
    await setAccountState(t.db, customer(), 'active', t.ids.plans.starter);
    const cancel = await call(t.app, 'POST', `/api/customers/${customer()}/subscription/cancel`, {
      cookie,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ state: 'canceling', cancelAtPeriodEnd: true });
    expect((await newProject()).statusCode).toBe(201);
    const undo = await call(t.app, 'POST', `/api/customers/${customer()}/subscription/reactivate`, {
      cookie,
    });
    expect(undo.json().data).toMatchObject({ state: 'active', cancelAtPeriodEnd: false });
  });

  it('refuses an amount under the minimum with amount_to_low', async () => {
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: admin,
      body: {
        name: 'Too cheap',
        priceMonthCents: 50,
        limits: { qrCodes: 1, scans: 1, storage: 1, users: 1, shortLinks: 1 },
        supportLevel: 'basic',
      },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json().data.priceYearCents).toBe(540);
    const order = await activate({
      planId: plan.json().data.id,
      billingPeriod: 'month',
      customerType: 'consumer',
    });
    expect(order.statusCode).toBe(422);
    expect(firstError(order)).toMatchObject({ code: 'amount_to_low', meta: { min: 1 } });
    // A year of it is enough.
    const yearly = await activate({
      planId: plan.json().data.id,
      billingPeriod: 'year',
      customerType: 'consumer',
    });
    expect(yearly.statusCode).toBe(200);
  });

  it('asks a business for its company name and VAT number', async () => {
    const order = await activate({
      planId: t.ids.plans.starter,
      billingPeriod: 'month',
      customerType: 'business',
    });
    expect(order.statusCode).toBe(422);
    const pointers = order
      .json()
      .errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(['/companyName', '/vatNumber']);
  });
});

describe('VAT check', () => {
  const business = (companyName: string, vatNumber: string) =>
    activate({
      planId: t.ids.plans.starter,
      billingPeriod: 'month',
      customerType: 'business',
      companyName,
      vatNumber,
    });

  it('refuses a number VIES does not know with vat_number_does_not_exist', async () => {
    const order = await business('Demo BV', 'NL999999999B01');
    expect(order.statusCode).toBe(422);
    expect(firstError(order)).toMatchObject({
      code: 'vat_number_does_not_exist',
      source: { pointer: '/vatNumber' },
    });
  });

  it('asks the company name to match the registered one', async () => {
    const order = await business('Other Company', 'NL123456789B01');
    expect(order.statusCode).toBe(422);
    expect(firstError(order)).toMatchObject({
      code: 'company_name_mismatch',
      source: { pointer: '/companyName' },
      meta: { x: 'Other Company', registered: 'DEMO B.V.' },
    });
    // "Demo BV" is how people write "DEMO B.V.".
    expect((await business('Demo BV', 'NL 1234.56.789.B01')).statusCode).toBe(200);
  });

  it('answers from its cache the second time', async () => {
    await business('Demo BV', 'NL123456789B01');
    const before = vies.requests;
    await business('Demo BV', 'NL123456789B01');
    expect(vies.requests).toBe(before);
  });

  it('passes when VIES does not answer OK', async () => {
    for (const mode of ['down', 'unavailable'] as const) {
      vies.mode = mode;
      const order = await business('Whoever', 'DE811907980');
      expect(order.statusCode, `${mode}: ${order.body}`).toBe(200);
    }
  });

  it('reverse charges a validated business elsewhere in the EU', async () => {
    const order = await business('Brussels Print', 'BE0123456749');
    expect(order.statusCode, order.body).toBe(200);
    const list = await call(t.app, 'GET', `/api/customers/${customer()}/invoices`, { cookie });
    const invoice = list
      .json()
      .data.find((row: { id: string }) => row.id === order.json().data.invoiceId);
    expect(invoice).toMatchObject({
      vatRatePercent: 0,
      vatCents: 0,
      totalCents: 195,
      reverseCharge: true,
      vatNumber: 'BE0123456749',
      companyName: 'Brussels Print',
    });
  });
});
