// Plans, checkout, subscriptions and invoices (issue 10). Every change runs in a unit of work; the
// payment provider is called outside the transaction, after the order is stored.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { CustomerRow, InvoiceRow, PlanRow, SubscriptionRow } from '../db/schema.js';
import {
  accountState,
  CHECKOUT_MIN_EUROS,
  invoiceAmounts,
  meetsCheckoutMinimum,
  normaliseVatNumber,
  periodEnd,
  planSlug,
  priceOf,
  vatTreatment,
  yearlyPriceCents,
  type AccountState,
} from '../../shared/billing.js';
import type { BillingPeriod, SupportLevel } from '../../shared/enums.js';
import type {
  ActivateInput,
  Activation,
  BillingOverview,
  Invoice,
  Plan,
  PlanInput,
} from '../../shared/schemas/billing.js';
import { DomainError, forbidden, invalidField, notFound } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import { findCustomer, updateCustomer } from '../repositories/customers.js';
import type { Executor } from '../repositories/executor.js';
import {
  findInvoice,
  insertInvoice,
  invoiceByProviderRef,
  listInvoices,
  nextInvoiceNumber,
  openInvoiceOf,
  updateInvoice,
} from '../repositories/invoices.js';
import { findPlan, insertPlans, listOfferedPlans, updatePlan } from '../repositories/plans.js';
import {
  currentSubscription,
  findSubscription,
  insertSubscription,
  subscriptionByProviderRef,
  updateSubscription,
} from '../repositories/subscriptions.js';
import { accessibleCustomerOr404 } from './customers.js';
import type { PaymentProvider } from './payments.js';
import type { UnitOfWork, WriteScope } from './unitOfWork.js';
import { verifyBusiness, type VatChecker } from './vatCheck.js';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    priceMonthCents: Number(row.priceMonthCents),
    priceYearCents: Number(row.priceYearCents),
    limits: {
      qrCodes: Number(row.maxQrCodes),
      scans: Number(row.maxScans),
      storage: Number(row.maxStorage),
      users: Number(row.maxUsers),
      shortLinks: Number(row.maxShortLinks),
    },
    supportLevel: row.supportLevel as SupportLevel,
  };
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status as Invoice['status'],
    planName: row.planName,
    billingPeriod: row.billingPeriod as BillingPeriod,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    customerName: row.customerName,
    companyName: row.companyName,
    vatNumber: row.vatNumber,
    netCents: Number(row.netCents),
    vatRatePercent: Number(row.vatRatePercent),
    vatCents: Number(row.vatCents),
    totalCents: Number(row.totalCents),
    reverseCharge: Number(row.reverseCharge) === 1,
    issuedAt: row.issuedAt,
    paidAt: row.paidAt,
  };
}

/** The plan's columns from a plan input; the yearly price always follows SPEC §9's rule. */
function planColumns(input: PlanInput) {
  return {
    name: input.name,
    priceMonthCents: input.priceMonthCents,
    priceYearCents: yearlyPriceCents(input.priceMonthCents),
    maxQrCodes: input.limits.qrCodes,
    maxScans: input.limits.scans,
    maxStorage: input.limits.storage,
    maxUsers: input.limits.users,
    maxShortLinks: input.limits.shortLinks,
    supportLevel: input.supportLevel,
  };
}

/** The subscription facts accountState reads. */
function factsOf(customer: Pick<CustomerRow, 'trialEndAt'>, subscription: SubscriptionRow | null) {
  return {
    trialEndAt: customer.trialEndAt,
    subscription: subscription && {
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: Number(subscription.cancelAtPeriodEnd) === 1,
    },
  };
}

/** A customer's account state now (trial, expired, active, …). */
export async function accountStateOf(
  db: Executor,
  customer: Pick<CustomerRow, 'id' | 'trialEndAt'>,
  now = new Date(),
): Promise<AccountState> {
  return accountState(factsOf(customer, await currentSubscription(db, customer.id)), now);
}

const planNotFound = () => notFound('plan_not_found');

export class BillingService {
  constructor(
    readonly db: Db,
    readonly payments: PaymentProvider,
    private readonly vat: VatChecker,
    private readonly publicUrl: string,
  ) {}

  async listPlans(): Promise<Plan[]> {
    return (await listOfferedPlans(this.db)).map(toPlan);
  }

  async createPlan(input: PlanInput, work: UnitOfWork): Promise<Plan> {
    const id = ulid();
    await work.run(async ({ trx, record }) => {
      await insertPlans(trx, [{ id, ...planColumns(input), createdAt: new Date().toISOString() }]);
      await record({
        type: 'plan',
        action: 'created',
        itemId: id,
        name: input.name,
        customerId: null,
      });
    });
    return toPlan((await findPlan(this.db, id))!);
  }

  async editPlan(id: string, input: PlanInput, work: UnitOfWork): Promise<Plan> {
    await work.run(async ({ trx, record }) => {
      const before = await findPlan(trx, id);
      if (!before || before.archivedAt) throw planNotFound();
      const after = planColumns(input);
      await updatePlan(trx, id, after);
      await record({
        type: 'plan',
        action: 'updated',
        itemId: id,
        name: input.name,
        customerId: null,
        before: { ...before },
        after: { ...before, ...after },
      });
    });
    return toPlan((await findPlan(this.db, id))!);
  }

  /** Archived plans are no longer offered; subscriptions on them keep running. */
  async archivePlan(id: string, work: UnitOfWork): Promise<void> {
    await work.run(async ({ trx, record }) => {
      const plan = await findPlan(trx, id);
      if (!plan || plan.archivedAt) throw planNotFound();
      await updatePlan(trx, id, { archivedAt: new Date().toISOString() });
      await record({
        type: 'plan',
        action: 'deleted',
        itemId: id,
        name: plan.name,
        customerId: null,
      });
    });
  }

  /** A plan that can be ordered, or plan_not_found at the field. */
  private async offeredPlan(db: Executor, id: string): Promise<PlanRow> {
    const plan = await findPlan(db, id);
    if (!plan || plan.archivedAt)
      throw new DomainError('invalid', 'plan_not_found', 'This plan does not exist', '/planId');
    return plan;
  }

  /**
   * POST /register/activate: the customer admin's order. Stores the order (and, paying by
   * transfer, its open invoice) in one transaction; with Stripe the answer is the payment page.
   */
  async activate(actor: Actor, input: ActivateInput, work: UnitOfWork): Promise<Activation> {
    if (actor.role !== 'customeradmin' || !actor.customerId) throw forbidden();
    const customerId = actor.customerId;
    const plan = await this.offeredPlan(this.db, input.planId);
    const netCents = priceOf(toPlan(plan), input.billingPeriod);
    if (!meetsCheckoutMinimum(netCents))
      throw invalidField(
        'amount_to_low',
        '/planId',
        `The minimum amount is €${CHECKOUT_MIN_EUROS},-`,
        {
          min: CHECKOUT_MIN_EUROS,
        },
      );
    const vatNumber =
      input.customerType === 'business' && input.vatNumber
        ? normaliseVatNumber(input.vatNumber)
        : null;
    if (vatNumber) await verifyBusiness(this.vat, vatNumber, input.companyName ?? '');

    const subscriptionId = ulid();
    const { customer, invoiceId, totalCents } = await work.run(async (scope) => {
      const before = await findCustomer(scope.trx, customerId);
      if (!before) throw notFound('customer_not_found');
      const billingFields = {
        customerType: input.customerType,
        companyName: input.customerType === 'business' ? input.companyName : null,
        vatNumber,
      };
      await updateCustomer(scope.trx, customerId, {
        ...billingFields,
        updatedAt: new Date().toISOString(),
      });
      await scope.record({
        type: 'customer',
        action: 'updated',
        itemId: customerId,
        name: before.name,
        customerId,
        before: {
          customerType: before.customerType,
          companyName: before.companyName,
          vatNumber: before.vatNumber,
        },
        after: billingFields,
      });
      const customer = { ...before, ...billingFields };
      const amounts = invoiceAmounts(netCents, vatTreatment(customer));
      const now = new Date();
      await insertSubscription(scope.trx, {
        id: subscriptionId,
        customerId,
        planId: plan.id,
        billingPeriod: input.billingPeriod,
        status: 'pending',
        amountCents: amounts.totalCents,
        startedAt: now.toISOString(),
        canceledAt: null,
        createdAt: now.toISOString(),
        provider: this.payments.name,
        updatedAt: now.toISOString(),
      });
      await scope.record({
        type: 'subscription',
        action: 'created',
        itemId: subscriptionId,
        name: plan.name,
        customerId,
        changes: { billingPeriod: input.billingPeriod, totalCents: amounts.totalCents },
      });
      // Paying by transfer, the order is an invoice to pay; Stripe's invoices come with payments.
      const invoiceId =
        this.payments.name === 'manual'
          ? await this.issueInvoice(scope, customer, plan, {
              subscriptionId,
              billingPeriod: input.billingPeriod,
              start: now,
              status: 'open',
              provider: 'manual',
              providerRef: null,
            })
          : null;
      return { customer, invoiceId, totalCents: amounts.totalCents };
    });
    if (invoiceId) return { provider: 'manual', invoiceId };

    const checkoutPath = `${this.publicUrl}/checkout/${planSlug(plan.name)}/${plan.id}`;
    const session = await this.payments.checkoutUrl(
      {
        subscriptionId,
        customerId,
        customerName: customer.companyName ?? customer.name,
        adminEmail: customer.adminEmail,
        stripeCustomerId: customer.stripeCustomerId,
        planId: plan.id,
        planName: plan.name,
        billingPeriod: input.billingPeriod,
        totalCents,
      },
      { success: `${checkoutPath}/activated`, cancel: checkoutPath },
    );
    if (!session) throw new Error('the payment provider gave no checkout page');
    if (session.stripeCustomerId !== customer.stripeCustomerId)
      await work.run(async ({ trx }) => {
        await updateCustomer(trx, customerId, { stripeCustomerId: session.stripeCustomerId });
      });
    return { provider: 'stripe', url: session.url };
  }

  /** Writes an invoice for one period of a subscription; answers its id. */
  private async issueInvoice(
    { trx, record }: WriteScope,
    customer: CustomerRow,
    plan: PlanRow,
    invoice: {
      subscriptionId: string;
      billingPeriod: BillingPeriod;
      start: Date;
      end?: Date;
      status: 'open' | 'paid';
      provider: 'manual' | 'stripe';
      providerRef: string | null;
      /** What the provider charged, when it says (Stripe); otherwise the plan's price. */
      totalCents?: number;
    },
  ): Promise<string> {
    const vat = vatTreatment(customer);
    const net = priceOf(toPlan(plan), invoice.billingPeriod);
    const amounts =
      invoice.totalCents !== undefined && invoice.totalCents !== invoiceAmounts(net, vat).totalCents
        ? // Stripe charged another amount (a proration): split what was charged.
          invoiceAmounts(Math.round((invoice.totalCents * 100) / (100 + vat.ratePercent)), vat)
        : invoiceAmounts(net, vat);
    const id = ulid();
    const now = new Date();
    const number = await nextInvoiceNumber(trx, now.getUTCFullYear());
    await insertInvoice(trx, {
      id,
      customerId: customer.id,
      subscriptionId: invoice.subscriptionId,
      number,
      status: invoice.status,
      provider: invoice.provider,
      providerRef: invoice.providerRef,
      planName: plan.name,
      billingPeriod: invoice.billingPeriod,
      periodStart: invoice.start.toISOString(),
      periodEnd: (invoice.end ?? periodEnd(invoice.start, invoice.billingPeriod)).toISOString(),
      customerName: customer.name,
      companyName: customer.companyName,
      vatNumber: customer.vatNumber,
      netCents: amounts.netCents,
      vatRatePercent: amounts.vatRatePercent,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      reverseCharge: amounts.reverseCharge ? 1 : 0,
      issuedAt: now.toISOString(),
      paidAt: invoice.status === 'paid' ? now.toISOString() : null,
      createdAt: now.toISOString(),
    });
    await record({
      type: 'invoice',
      action: 'created',
      itemId: id,
      name: number,
      customerId: customer.id,
      changes: { totalCents: amounts.totalCents, status: invoice.status },
    });
    return id;
  }

  /**
   * A paid period: the subscription is active from `start` to `end`, the customer gets the plan's
   * limits, and any other running subscription of the customer is replaced.
   */
  private async startPaidPeriod(
    { trx, record }: WriteScope,
    customer: CustomerRow,
    subscription: SubscriptionRow,
    plan: PlanRow,
    start: Date,
    end: Date,
  ): Promise<void> {
    const now = new Date().toISOString();
    const replaced = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('customerId', '=', customer.id)
      .where('id', '!=', subscription.id)
      .where('status', 'in', ['active', 'past_due'])
      .execute();
    for (const { id } of replaced)
      await updateSubscription(trx, id, { status: 'canceled', canceledAt: now, updatedAt: now });
    await updateSubscription(trx, subscription.id, {
      status: 'active',
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: end.toISOString(),
      updatedAt: now,
    });
    const after = {
      subscriptionStatus: 'active',
      planId: plan.id,
      billingPeriod: subscription.billingPeriod,
      progressDone: 1 as const,
      maxQrCodes: plan.maxQrCodes,
      maxScans: plan.maxScans,
      maxStorage: plan.maxStorage,
      maxUsers: plan.maxUsers,
      maxShortLinks: plan.maxShortLinks,
    };
    await updateCustomer(trx, customer.id, { ...after, updatedAt: now });
    await record({
      type: 'subscription',
      action: 'activated',
      itemId: subscription.id,
      name: plan.name,
      customerId: customer.id,
      changes: { currentPeriodStart: start.toISOString(), currentPeriodEnd: end.toISOString() },
    });
  }

  /** POST /customers/{cid}/invoices/{id}/paid: the platform admin saw the transfer arrive. */
  async markInvoicePaid(customerId: string, invoiceId: string, work: UnitOfWork): Promise<Invoice> {
    await work.run(async (scope) => {
      const invoice = await findInvoice(scope.trx, customerId, invoiceId);
      if (!invoice) throw notFound('invoice_not_found');
      if (invoice.status === 'paid') return;
      const customer = await findCustomer(scope.trx, customerId);
      if (!customer) throw notFound('customer_not_found');
      const now = new Date();
      await updateInvoice(scope.trx, invoice.id, { status: 'paid', paidAt: now.toISOString() });
      await scope.record({
        type: 'invoice',
        action: 'updated',
        itemId: invoice.id,
        name: invoice.number,
        customerId,
        before: { status: invoice.status },
        after: { status: 'paid' },
      });
      const subscription = invoice.subscriptionId
        ? await findSubscription(scope.trx, customerId, invoice.subscriptionId)
        : null;
      if (!subscription) return;
      const plan = await findPlan(scope.trx, subscription.planId);
      if (!plan) throw planNotFound();
      // A first payment starts the period now; a renewal continues where the last one ended.
      const continues =
        subscription.currentPeriodEnd && Date.parse(subscription.currentPeriodEnd) > now.getTime();
      const start = continues ? new Date(subscription.currentPeriodEnd!) : now;
      const end = periodEnd(start, subscription.billingPeriod as BillingPeriod);
      await updateInvoice(scope.trx, invoice.id, {
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
      });
      await this.startPaidPeriod(scope, customer, subscription, plan, start, end);
    });
    return toInvoice((await findInvoice(this.db, customerId, invoiceId))!);
  }

  /** POST /customers/{id}/subscription: a platform admin activates a plan without a payment. */
  async activateDirectly(
    customerId: string,
    input: { planId: string; billingPeriod: BillingPeriod },
    work: UnitOfWork,
  ): Promise<void> {
    const plan = await this.offeredPlan(this.db, input.planId);
    await work.run(async (scope) => {
      const customer = await findCustomer(scope.trx, customerId);
      if (!customer) throw notFound('customer_not_found');
      const now = new Date();
      const subscription: SubscriptionRow = {
        id: ulid(),
        customerId,
        planId: plan.id,
        billingPeriod: input.billingPeriod,
        status: 'pending',
        amountCents: 0,
        startedAt: now.toISOString(),
        canceledAt: null,
        createdAt: now.toISOString(),
        provider: 'manual',
        providerRef: null,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: 0,
        updatedAt: now.toISOString(),
      };
      await insertSubscription(scope.trx, subscription);
      await this.startPaidPeriod(
        scope,
        customer,
        subscription,
        plan,
        now,
        periodEnd(now, input.billingPeriod),
      );
    });
  }

  /** Cancel at the period's end, or undo that before the period ends. */
  async setCancelAtPeriodEnd(
    actor: Actor,
    customerId: string,
    cancel: boolean,
    work: UnitOfWork,
  ): Promise<void> {
    const customer = await accessibleCustomerOr404(this.db, actor, customerId);
    const subscription = await currentSubscription(this.db, customer.id);
    const state = accountState(factsOf(customer, subscription));
    const allowed = cancel ? ['active', 'past_due'] : ['canceling'];
    if (!subscription || !allowed.includes(state))
      throw new DomainError(
        'invalid',
        'subscription_canceled',
        cancel
          ? 'There is no running subscription to cancel'
          : 'The subscription can no longer be resumed',
      );
    if (subscription.provider === this.payments.name)
      await this.payments.setCancelAtPeriodEnd(subscription.providerRef, cancel);
    await work.run(async ({ trx, record }) => {
      const now = new Date().toISOString();
      await updateSubscription(trx, subscription.id, {
        cancelAtPeriodEnd: cancel ? 1 : 0,
        canceledAt: cancel ? now : null,
        updatedAt: now,
      });
      await record({
        type: 'subscription',
        action: cancel ? 'deactivated' : 'activated',
        itemId: subscription.id,
        name: customer.name,
        customerId: customer.id,
        before: { cancelAtPeriodEnd: !cancel },
        after: { cancelAtPeriodEnd: cancel },
      });
    });
  }

  async overview(customer: CustomerRow): Promise<BillingOverview> {
    const subscription = await currentSubscription(this.db, customer.id);
    const state = accountState(factsOf(customer, subscription));
    const plan = subscription ? await findPlan(this.db, subscription.planId) : null;
    const pending = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('customerId', '=', customer.id)
      .where('status', '=', 'pending')
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    const pendingInvoice = pending ? await openInvoiceOf(this.db, pending.id) : null;
    const renews = subscription && (state === 'active' || state === 'past_due');
    return {
      state,
      trialEndAt: customer.trialEndAt,
      provider: this.payments.name,
      plan: plan ? toPlan(plan) : null,
      billingPeriod: (subscription?.billingPeriod as BillingPeriod | undefined) ?? null,
      currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: Number(subscription?.cancelAtPeriodEnd ?? 0) === 1,
      nextPayment:
        renews && subscription.currentPeriodEnd
          ? { at: subscription.currentPeriodEnd, totalCents: Number(subscription.amountCents) }
          : null,
      pendingInvoiceId: pendingInvoice?.id ?? null,
      hasPaymentPortal: this.payments.name === 'stripe' && !!customer.stripeCustomerId,
    };
  }

  async invoices(customerId: string): Promise<Invoice[]> {
    return (await listInvoices(this.db, customerId)).map(toInvoice);
  }

  async invoice(customerId: string, id: string): Promise<InvoiceRow> {
    const row = await findInvoice(this.db, customerId, id);
    if (!row) throw notFound('invoice_not_found');
    return row;
  }

  /** Stripe: a paid invoice starts (or renews) the period of our subscription it belongs to. */
  async recordProviderPayment(
    event: {
      subscriptionId: string | null;
      providerSubscription: string | null;
      providerInvoice: string;
      totalCents: number;
      periodStart: Date;
      periodEnd: Date;
    },
    work: UnitOfWork,
  ): Promise<void> {
    await work.run(async (scope) => {
      if (await invoiceByProviderRef(scope.trx, event.providerInvoice)) return; // delivered twice
      const subscription =
        (event.providerSubscription &&
          (await subscriptionByProviderRef(scope.trx, event.providerSubscription))) ||
        (event.subscriptionId &&
          (await scope.trx
            .selectFrom('subscriptions')
            .selectAll()
            .where('id', '=', event.subscriptionId)
            .executeTakeFirst())) ||
        null;
      if (!subscription) return;
      const customer = await findCustomer(scope.trx, subscription.customerId);
      const plan = await findPlan(scope.trx, subscription.planId);
      if (!customer || !plan) return;
      if (event.providerSubscription && !subscription.providerRef)
        await updateSubscription(scope.trx, subscription.id, {
          providerRef: event.providerSubscription,
        });
      await this.issueInvoice(scope, customer, plan, {
        subscriptionId: subscription.id,
        billingPeriod: subscription.billingPeriod as BillingPeriod,
        start: event.periodStart,
        end: event.periodEnd,
        status: 'paid',
        provider: 'stripe',
        providerRef: event.providerInvoice,
        totalCents: event.totalCents,
      });
      await this.startPaidPeriod(
        scope,
        customer,
        subscription,
        plan,
        event.periodStart,
        event.periodEnd,
      );
    });
  }

  /** Stripe: a failed payment (past_due) or a subscription that ended (canceled). */
  async recordProviderStatus(
    providerSubscription: string,
    status: 'past_due' | 'canceled',
    work: UnitOfWork,
  ): Promise<void> {
    await work.run(async ({ trx, record }) => {
      const subscription = await subscriptionByProviderRef(trx, providerSubscription);
      if (!subscription || subscription.status === status) return;
      const now = new Date().toISOString();
      await updateSubscription(trx, subscription.id, {
        status,
        ...(status === 'canceled' ? { canceledAt: now } : {}),
        updatedAt: now,
      });
      await updateCustomer(trx, subscription.customerId, {
        subscriptionStatus: status,
        updatedAt: now,
      });
      await record({
        type: 'subscription',
        action: status === 'canceled' ? 'deactivated' : 'updated',
        itemId: subscription.id,
        name: status,
        customerId: subscription.customerId,
        before: { status: subscription.status },
        after: { status },
      });
    });
  }

  /** Stripe: checkout finished; remember which Stripe subscription is ours. */
  async linkProviderSubscription(
    subscriptionId: string,
    providerSubscription: string,
    work: UnitOfWork,
  ): Promise<void> {
    await work.run(async ({ trx }) => {
      await trx
        .updateTable('subscriptions')
        .set({ providerRef: providerSubscription })
        .where('id', '=', subscriptionId)
        .where('providerRef', 'is', null)
        .execute();
    });
  }
}
