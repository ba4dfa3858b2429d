// Payments behind one interface (issue 10): `manual` (the default for self-hosters: an invoice paid
// by bank transfer that a platform admin marks paid) and `stripe` (Checkout, the customer portal
// and signed webhooks) when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. The Stripe SDK
// (some 200 modules, 20 MB) is loaded only then, not by every server that never takes a payment.
import type Stripe from 'stripe';
import type { Config } from '../config.js';
import { DomainError } from '../domain/errors.js';

/** An order stored and waiting for its first payment. */
export interface PendingOrder {
  subscriptionId: string;
  customerId: string;
  customerName: string;
  adminEmail: string;
  stripeCustomerId: string | null;
  planId: string;
  planName: string;
  billingPeriod: 'month' | 'year';
  /** What the customer pays per period, VAT included. */
  totalCents: number;
}

export interface PaymentProvider {
  readonly name: 'manual' | 'stripe';
  /** Where the customer pays after the order is stored; null when nothing is paid online. */
  checkoutUrl(
    order: PendingOrder,
    urls: { success: string; cancel: string },
  ): Promise<{ url: string; stripeCustomerId: string } | null>;
  /** Cancel at the period's end (or undo that) at the provider. */
  setCancelAtPeriodEnd(providerRef: string | null, cancel: boolean): Promise<void>;
  /** The provider's own page for payment methods, when it has one. */
  portalUrl(stripeCustomerId: string | null, returnUrl: string): Promise<string | null>;
}

export class ManualPayments implements PaymentProvider {
  readonly name = 'manual' as const;
  async checkoutUrl() {
    return null;
  }
  async setCancelAtPeriodEnd() {}
  async portalUrl() {
    return null;
  }
}

/** Stripe's message in our error body: the dashboard shows standard_stripe_error with it. */
function stripeFailure(stripe: Stripe, error: unknown): DomainError {
  const message =
    error instanceof stripe.errors.StripeError ? error.message : 'The payment service failed';
  return new DomainError('invalid', 'standard_stripe_error', message, undefined, { message });
}

export async function stripeClient(
  config: Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>,
): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const url = new URL(config.stripeApiUrl);
  return new StripeSdk(config.stripeSecretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(readonly stripe: Stripe) {}

  async checkoutUrl(order: PendingOrder, urls: { success: string; cancel: string }) {
    try {
      const customer =
        order.stripeCustomerId ??
        (
          await this.stripe.customers.create({
            email: order.adminEmail,
            name: order.customerName,
            metadata: { customerId: order.customerId },
          })
        ).id;
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: order.subscriptionId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: order.totalCents,
              recurring: { interval: order.billingPeriod },
              product_data: { name: order.planName },
            },
          },
        ],
        subscription_data: { metadata: { subscriptionId: order.subscriptionId } },
        metadata: { subscriptionId: order.subscriptionId, customerId: order.customerId },
        success_url: urls.success,
        cancel_url: urls.cancel,
      });
      if (!session.url) throw new Error('Stripe answered a session without a URL');
      return { url: session.url, stripeCustomerId: customer };
    } catch (error) {
      throw stripeFailure(this.stripe, error);
    }
  }

  async setCancelAtPeriodEnd(providerRef: string | null, cancel: boolean) {
    if (!providerRef) return;
    try {
      await this.stripe.subscriptions.update(providerRef, { cancel_at_period_end: cancel });
    } catch (error) {
      throw stripeFailure(this.stripe, error);
    }
  }

  async portalUrl(stripeCustomerId: string | null, returnUrl: string) {
    if (!stripeCustomerId) return null;
    try {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: stripeCustomerId,
        return_url: returnUrl,
      });
      return session.url;
    } catch (error) {
      throw stripeFailure(this.stripe, error);
    }
  }
}

export async function paymentProviderOf(config: Config): Promise<PaymentProvider> {
  return config.stripeSecretKey && config.stripeWebhookSecret
    ? new StripePayments(await stripeClient(config))
    : new ManualPayments();
}
