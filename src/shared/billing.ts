// Billing rules both sides apply (SPEC §1, §5, §9): prices in integer cents, the yearly discount,
// the checkout minimum, Dutch VAT with reverse charge, money in the UI language's format, and the
// state of a customer's account that decides whether it may change anything.
import { ANNUAL_DISCOUNT_PERCENT, MIN_PRICE_CENTS_PER_MONTH } from './constants.js';
import type { BillingPeriod, CustomerType } from './enums.js';
import { formatLocale } from './locale.js';

/** The smallest order checkout accepts, in whole euros (amount_to_low: "€{min},-"). */
export const CHECKOUT_MIN_EUROS = 1;
export const CHECKOUT_MIN_CENTS = CHECKOUT_MIN_EUROS * 100;

/**
 * What an invoice states about its period, its buyer and its amounts: stored on the invoice row
 * as issued and shown unchanged, so the database row and the API's answer share these fields.
 */
export interface InvoiceFigures {
  periodStart: string;
  periodEnd: string;
  customerName: string;
  companyName: string | null;
  vatNumber: string | null;
  netCents: number;
  vatRatePercent: number;
  vatCents: number;
  totalCents: number;
}

/** The Netherlands' standard VAT rate; the seller is Dutch. */
export const NL_VAT_PERCENT = 21;

/** Yearly is 12 × the monthly price less 10 %, rounded to whole cents. */
export function yearlyPriceCents(monthCents: number): number {
  return Math.round((monthCents * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

/** What a year costs less than twelve months. */
export function yearlySavingCents(monthCents: number): number {
  return monthCents * 12 - yearlyPriceCents(monthCents);
}

export function priceOf(
  plan: { priceMonthCents: number; priceYearCents: number },
  period: BillingPeriod,
): number {
  return period === 'year' ? plan.priceYearCents : plan.priceMonthCents;
}

/** Whether an order of `cents` reaches the checkout minimum. */
export const meetsCheckoutMinimum = (cents: number) => cents >= CHECKOUT_MIN_CENTS;

/** The cheapest monthly price for "from €1.95 per month"; SPEC's shown minimum when none. */
export function fromPriceCents(plans: readonly { priceMonthCents: number }[]): number {
  return plans.length
    ? Math.min(...plans.map((plan) => plan.priceMonthCents))
    : MIN_PRICE_CENTS_PER_MONTH;
}

/** EU member states by VAT prefix (Greece uses EL). */
const EU_VAT_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** 'nl 0012.34.567.B01' → 'NL001234567B01': how VAT numbers are compared and stored. */
export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** The country prefix and the rest, when the number starts with an EU member state's prefix. */
export function splitVatNumber(value: string): { country: string; number: string } | null {
  const normalised = normaliseVatNumber(value);
  const country = normalised.slice(0, 2);
  const number = normalised.slice(2);
  if (!EU_VAT_PREFIXES.has(country) || !/^[0-9A-Z+*]{2,12}$/.test(number)) return null;
  return { country, number };
}

export interface VatTreatment {
  ratePercent: number;
  reverseCharge: boolean;
}

/**
 * 21 % Dutch VAT, except reverse charge (0 %, the buyer accounts for it) for a business with a
 * validated VAT number of another EU member state.
 */
export function vatTreatment(customer: {
  customerType: CustomerType | string;
  vatNumber: string | null;
}): VatTreatment {
  const split = customer.vatNumber ? splitVatNumber(customer.vatNumber) : null;
  if (customer.customerType === 'business' && split && split.country !== 'NL')
    return { ratePercent: 0, reverseCharge: true };
  return { ratePercent: NL_VAT_PERCENT, reverseCharge: false };
}

export interface InvoiceAmounts {
  netCents: number;
  vatRatePercent: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
}

/** Net is the plan price; VAT is rounded to whole cents once, on the total net. */
export function invoiceAmounts(netCents: number, vat: VatTreatment): InvoiceAmounts {
  const vatCents = Math.round((netCents * vat.ratePercent) / 100);
  return {
    netCents,
    vatRatePercent: vat.ratePercent,
    vatCents,
    totalCents: netCents + vatCents,
    reverseCharge: vat.reverseCharge,
  };
}

/** € 1,95 in Dutch, €1.95 in English. */
export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(formatLocale(language), {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** Where a billing period ends: one calendar month or year after it starts. */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const end = new Date(start);
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * The account of a customer as a user experiences it:
 * - trial: inside the 14 days, no paid subscription yet;
 * - expired: the trial is over and nothing was paid;
 * - active: paid for the current period;
 * - canceling: canceled, but the paid period has not ended (it can still be undone);
 * - past_due: the last payment failed or is outstanding; writing still works meanwhile;
 * - canceled: the canceled subscription's period has ended.
 */
export const ACCOUNT_STATES = [
  'trial',
  'expired',
  'active',
  'canceling',
  'past_due',
  'canceled',
] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export interface AccountFacts {
  trialEndAt: string | null;
  /** The latest subscription that was ever paid for (not one still awaiting its first payment). */
  subscription: {
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}

export function accountState(
  { trialEndAt, subscription }: AccountFacts,
  now = new Date(),
): AccountState {
  if (subscription) {
    const ended =
      subscription.currentPeriodEnd !== null &&
      Date.parse(subscription.currentPeriodEnd) <= now.getTime();
    if (subscription.status === 'canceled') return 'canceled';
    if (subscription.cancelAtPeriodEnd) return ended ? 'canceled' : 'canceling';
    if (subscription.status === 'past_due' || ended) return 'past_due';
    return 'active';
  }
  if (trialEndAt && Date.parse(trialEndAt) > now.getTime()) return 'trial';
  return 'expired';
}

/** The 402 code that stops a change in this state, or null when changes are allowed. */
export function writeBlockOf(state: AccountState): 'trial_ended' | 'subscription_canceled' | null {
  if (state === 'expired') return 'trial_ended';
  if (state === 'canceled') return 'subscription_canceled';
  return null;
}

/** A plan's name as the checkout path shows it: /checkout/business/{planId}. */
export function planSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'plan';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the scan forecast looks. */
export const FORECAST_WINDOW_DAYS = 30;

/**
 * "At this rate the scan limit is reached on 12 March": the last 30 days' pace carried forward.
 * null when unlimited, already reached, or nothing was scanned lately.
 */
export function scanLimitForecast(
  used: number,
  total: number,
  scansLast30Days: number,
  now = new Date(),
): Date | null {
  if (total < 0 || used >= total || scansLast30Days <= 0) return null;
  const perDay = scansLast30Days / FORECAST_WINDOW_DAYS;
  return new Date(now.getTime() + Math.ceil((total - used) / perDay) * DAY_MS);
}
