// A local stand-in for the few Stripe endpoints the product calls (customers, Checkout Sessions,
// the customer portal, subscription updates), speaking Stripe's wire format: form-encoded
// requests with a Bearer key, JSON objects back, and Stripe's error body on failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  /** The form body as flat keys, e.g. `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests: StripeRequest[];
  /** When set, every call answers this Stripe error. */
  failWith: { status: number; type: string; message: string } | null;
  close: () => Promise<void>;
}

let counter = 0;
const stripeId = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(8, '0')}`;

export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const standIn = { requests: [], failWith: null } as unknown as StripeStandIn;
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': 'req_test',
        });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      const form = Object.fromEntries(new URLSearchParams(text));
      const path = (request.url ?? '').split('?')[0];
      standIn.requests.push({ method: request.method ?? '', path, form });
      if (standIn.failWith)
        return send(standIn.failWith.status, {
          error: { type: standIn.failWith.type, message: standIn.failWith.message },
        });
      if (path === '/v1/customers')
        return send(200, { id: stripeId('cus'), object: 'customer', email: form.email ?? null });
      if (path === '/v1/checkout/sessions') {
        const id = stripeId('cs');
        return send(200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: form.client_reference_id ?? null,
          customer: form.customer ?? null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      if (path === '/v1/billing_portal/sessions')
        return send(200, {
          id: stripeId('bps'),
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.com/p/session/${stripeId('portal')}`,
        });
      const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (subscription)
        return send(200, {
          id: subscription[1],
          object: 'subscription',
          cancel_at_period_end: form.cancel_at_period_end === 'true',
          status: 'active',
        });
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}
