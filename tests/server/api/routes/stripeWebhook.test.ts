// Paying with Stripe (issue 10), against a local stand-in of Stripe's API; webhooks are signed
// with the stripe library's own test-header helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountState } from '../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';
import { startStripeStandIn, type StripeStandIn } from '../../../helpers/stripeStandIn.js';

const SECRET_KEY = 'sk_test_qrhub';
const WEBHOOK_SECRET = 'whsec_test_qrhub';
const stripe = new Stripe(SECRET_KEY);

let t: TestApp;
let standIn: StripeStandIn;
let cookie: string;
let subscriptionId: string;

beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  t = await buildTestApp({
    config: {
      stripeSecretKey: SECRET_KEY,
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: standIn.url,
    },
  });
  cookie = await login(t.app, DEMO.customeradmin);
  await setAccountState(t.db, t.ids.customers.demo, 'expired');
});

afterAll(async () => {
  await t.close();
  await standIn.close();
});

let eventCount = 0;
function event(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_test_${++eventCount}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

const newProject = () =>
  call(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Paid with Stripe' } });
const billing = async () =>
  (await call(t.app, 'GET', `/api/customers/${t.ids.customers.demo}/billing`, { cookie })).json()
    .data;

const day = 24 * 60 * 60;
const now = Math.floor(Date.now() / 1000);
const paidInvoice = (id: string, amount: number) => ({
  id,
  object: 'invoice',
  amount_paid: amount,
  period_start: now,
  period_end: now,
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: 'sub_test_demo', metadata: { subscriptionId } },
  },
  lines: { object: 'list', data: [{ period: { start: now, end: now + 30 * day } }] },
});

describe('checkout with Stripe', () => {
  it('sends the customer to a Checkout Session for the plan, VAT included', async () => {
    const order = await call(t.app, 'POST', '/api/register/activate', {
      cookie,
      body: { planId: t.ids.plans.starter, billingPeriod: 'month', customerType: 'consumer' },
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data).toMatchObject({
      provider: 'stripe',
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
    });
    const session = standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '236',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Starter',
    });
    subscriptionId = session.form.client_reference_id;
    expect(subscriptionId).toMatch(/^[0-9A-Z]{26}$/);
    // Not paid yet.
    expect((await newProject()).statusCode).toBe(402);
  });

  it('refuses a webhook with a bad signature, and changes nothing', async () => {
    const payload = event('invoice.paid', paidInvoice('in_test_forged', 236));
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const response = await deliver(payload, forged);
    expect(response.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect((await billing()).state).toBe('expired');
  });

  it('activates the plan when Stripe reports the invoice paid', async () => {
    const completed = await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_done',
        object: 'checkout.session',
        client_reference_id: subscriptionId,
        subscription: 'sub_test_demo',
      }),
    );
    expect(completed.statusCode).toBe(200);
    const paid = await deliver(event('invoice.paid', paidInvoice('in_test_1', 236)));
    expect(paid.statusCode, paid.body).toBe(200);
    // Delivered twice, booked once.
    await deliver(event('invoice.paid', paidInvoice('in_test_1', 236)));
    expect(await billing()).toMatchObject({ state: 'active', plan: { name: 'Starter' } });
    const invoices = await call(t.app, 'GET', `/api/customers/${t.ids.customers.demo}/invoices`, {
      cookie,
    });
    expect(invoices.json().data).toHaveLength(1);
    expect(invoices.json().data[0]).toMatchObject({
      status: 'paid',
      netCents: 195,
      vatCents: 41,
      totalCents: 236,
    });
    expect((await newProject()).statusCode).toBe(201);
  });

  it('cancels at period end at Stripe, and opens the customer portal', async () => {
    const cancel = await call(
      t.app,
      'POST',
      `/api/customers/${t.ids.customers.demo}/subscription/cancel`,
      { cookie },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/subscriptions/sub_test_demo',
      form: { cancel_at_period_end: 'true' },
    });
    await call(t.app, 'POST', `/api/customers/${t.ids.customers.demo}/subscription/reactivate`, {
      cookie,
    });
    expect(standIn.requests.at(-1)?.form).toEqual({ cancel_at_period_end: 'false' });
    const portal = await call(
      t.app,
      'POST',
      `/api/customers/${t.ids.customers.demo}/subscription/portal`,
      { cookie },
    );
    expect(portal.json().data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  });

  it('marks a failed payment past due, and a deleted subscription canceled', async () => {
    const failed = await deliver(
      event('invoice.payment_failed', { ...paidInvoice('in_test_2', 0), amount_paid: 0 }),
    );
    expect(failed.statusCode).toBe(200);
    expect((await billing()).state).toBe('past_due');
    expect((await newProject()).statusCode).toBe(201);

    await deliver(
      event('customer.subscription.deleted', { id: 'sub_test_demo', object: 'subscription' }),
    );
    expect((await billing()).state).toBe('canceled');
    const blocked = await newProject();
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().errors[0].code).toBe('subscription_canceled');
  });

  it("answers standard_stripe_error with Stripe's message", async () => {
    standIn.failWith = {
      status: 400,
      type: 'invalid_request_error',
      message: 'Amount must be at least €0.50 eur',
    };
    const order = await call(t.app, 'POST', '/api/register/activate', {
      cookie,
      body: { planId: t.ids.plans.starter, billingPeriod: 'month', customerType: 'consumer' },
    });
    standIn.failWith = null;
    expect(order.statusCode).toBe(422);
    expect(order.json().errors[0]).toMatchObject({
      code: 'standard_stripe_error',
      meta: { message: 'Amount must be at least €0.50 eur' },
    });
  });
});
