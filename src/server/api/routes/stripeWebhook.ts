// POST /api/stripe/webhook: Stripe tells us about payments. Only events signed with
// STRIPE_WEBHOOK_SECRET count; the signature covers the raw body, so this route reads it unparsed.
// It lives outside the dashboard's API scope: Stripe sends no Client-Type and no session.
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { DomainError } from '../../domain/errors.js';
import type { BillingService } from '../../services/billing.js';
import { StripePayments } from '../../services/payments.js';
import { API_BASE } from '../../../shared/constants.js';

/** Where an invoice's subscription is named: the 2025 API's parent, or the older top-level fields. */
interface InvoiceLinks {
  parent?: {
    subscription_details?: {
      subscription?: string | null;
      metadata?: Record<string, string> | null;
    } | null;
  } | null;
  subscription?: string | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  lines?: { data?: { period?: { start: number; end: number } }[] };
}

function subscriptionOfInvoice(invoice: Stripe.Invoice) {
  const links = invoice as unknown as InvoiceLinks;
  const details = links.parent?.subscription_details;
  return {
    providerSubscription: details?.subscription ?? links.subscription ?? null,
    subscriptionId:
      details?.metadata?.subscriptionId ??
      links.subscription_details?.metadata?.subscriptionId ??
      null,
    period: links.lines?.data?.[0]?.period ?? {
      start: invoice.period_start,
      end: invoice.period_end,
    },
  };
}

const seconds = (value: number) => new Date(value * 1000);

export function stripeWebhookRoutes(
  app: FastifyInstance,
  { config }: { config: Config },
  billing: BillingService,
): void {
  const payments = billing.payments;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_r, body, done) => done(null, body),
    );
    // POST /stripe/webhook: checkout finished, an invoice paid or failed, a subscription ended.
    scope.post(`${API_BASE}/stripe/webhook`, async (request, reply) => {
      if (!(payments instanceof StripePayments))
        throw new DomainError('not_found', 'not_found', 'Stripe is not configured');
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = payments.stripe.webhooks.constructEvent(
          Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
          typeof signature === 'string' ? signature : '',
          config.stripeWebhookSecret,
        );
      } catch {
        throw new DomainError('bad_request', 'invalid', 'The webhook signature is not valid');
      }
      const work = request.server.writePath.for({
        client: 'api',
        userId: null,
        customerId: null,
        device: 'Stripe webhook',
        environment: config.environment,
      });
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const subscription =
            typeof session.subscription === 'string'
              ? session.subscription
              : session.subscription?.id;
          if (session.client_reference_id && subscription)
            await billing.linkProviderSubscription(session.client_reference_id, subscription, work);
          break;
        }
        case 'invoice.paid': {
          const invoice = event.data.object;
          const links = subscriptionOfInvoice(invoice);
          if (invoice.id)
            await billing.recordProviderPayment(
              {
                subscriptionId: links.subscriptionId,
                providerSubscription: links.providerSubscription,
                providerInvoice: invoice.id,
                totalCents: invoice.amount_paid,
                periodStart: seconds(links.period.start),
                periodEnd: seconds(links.period.end),
              },
              work,
            );
          break;
        }
        case 'invoice.payment_failed': {
          const { providerSubscription } = subscriptionOfInvoice(event.data.object);
          if (providerSubscription)
            await billing.recordProviderStatus(providerSubscription, 'past_due', work);
          break;
        }
        case 'customer.subscription.deleted':
          await billing.recordProviderStatus(event.data.object.id, 'canceled', work);
          break;
        default:
          break;
      }
      return reply.code(200).send({ received: true });
    });
  });
}
