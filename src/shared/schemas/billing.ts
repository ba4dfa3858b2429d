// Plans, checkout and invoices (issue 10): the shapes the API answers and the bodies it accepts.
import { z } from 'zod';
import { addCustomIssue } from '../validation.js';
import { BILLING_PERIODS, SUPPORT_LEVELS, type BillingPeriod } from '../enums.js';
import type { AccountState, InvoiceFigures } from '../billing.js';
import { optionalText, requiredText } from './common.js';

const limit = z.coerce.number().int().min(-1);

/** A platform admin's plan; the yearly price follows from the monthly one (SPEC §9). */
export const planInputSchema = z.object({
  name: requiredText(64),
  priceMonthCents: z.coerce.number().int().min(0).max(10_000_000),
  limits: z.object({
    qrCodes: limit,
    scans: limit,
    storage: limit,
    users: limit,
    shortLinks: limit,
  }),
  supportLevel: z.enum(SUPPORT_LEVELS),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export interface PlanLimits {
  qrCodes: number;
  scans: number;
  storage: number;
  users: number;
  shortLinks: number;
}

export interface Plan {
  id: string;
  name: string;
  priceMonthCents: number;
  priceYearCents: number;
  limits: PlanLimits;
  supportLevel: (typeof SUPPORT_LEVELS)[number];
}

/** POST /register/activate: the checkout's order. */
export const activateSchema = z
  .object({
    planId: z.string().trim().min(1).max(26),
    billingPeriod: z.enum(BILLING_PERIODS),
    customerType: z.enum(['consumer', 'business']),
    companyName: optionalText(),
    vatNumber: optionalText(32),
  })
  .superRefine((value, context) => {
    if (value.customerType !== 'business') return;
    if (!value.companyName) addCustomIssue(context, ['companyName'], { code: 'required' });
    if (!value.vatNumber) addCustomIssue(context, ['vatNumber'], { code: 'required' });
  });
export type ActivateInput = z.infer<typeof activateSchema>;

/** POST /customers/{id}/subscription: a platform admin activates a plan without payment. */
export const directActivationSchema = z.object({
  planId: z.string().trim().min(1).max(26),
  billingPeriod: z.enum(BILLING_PERIODS),
});

/** What POST /register/activate answers: pay by bank transfer, or go to the payment page. */
export type Activation =
  { provider: 'manual'; invoiceId: string } | { provider: 'stripe'; url: string };

/** GET /customers/{id}/billing: what the billing page shows. */
export interface BillingOverview {
  state: AccountState;
  trialEndAt: string | null;
  provider: 'manual' | 'stripe';
  plan: Plan | null;
  billingPeriod: BillingPeriod | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The next payment, when one is due: its date and amount including VAT. */
  nextPayment: { at: string; totalCents: number } | null;
  /** An order placed but not paid yet (manual provider: an open invoice). */
  pendingInvoiceId: string | null;
  /** Whether Stripe's customer portal can manage the payment method. */
  hasPaymentPortal: boolean;
}

export interface Invoice extends InvoiceFigures {
  id: string;
  number: string;
  status: 'open' | 'paid' | 'failed';
  planName: string;
  billingPeriod: BillingPeriod;
  reverseCharge: boolean;
  issuedAt: string;
  paidAt: string | null;
}
