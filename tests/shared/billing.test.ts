// Price arithmetic of SPEC §9 and the VAT rules of issue 10, in integer cents.
import { describe, expect, it } from 'vitest';
import {
  accountState,
  formatMoney,
  fromPriceCents,
  invoiceAmounts,
  meetsCheckoutMinimum,
  periodEnd,
  splitVatNumber,
  vatTreatment,
  writeBlockOf,
  yearlyPriceCents,
  yearlySavingCents,
} from '../../src/shared/billing.js';

describe('yearly price', () => {
  it.each([
    // 12 × 195 = 2340, less 10 % = 2106
    [195, 2106, 234],
    [1495, 16146, 1794],
    [4995, 53946, 5994],
    // 12 × 99 = 1188 less 10 % = 1069.2: rounded to whole cents
    [99, 1069, 119],
    // 12 × 1 = 12 less 10 % = 10.8 → 11
    [1, 11, 1],
    [0, 0, 0],
  ])('%i cents a month → %i a year, saving %i', (month, year, saving) => {
    expect(yearlyPriceCents(month)).toBe(year);
    expect(yearlySavingCents(month)).toBe(saving);
    expect(Number.isInteger(yearlyPriceCents(month))).toBe(true);
  });
});

describe('checkout minimum', () => {
  it.each([
    [99, false],
    [100, true],
    [195, true],
  ])('%i cents → %s', (cents, ok) => {
    expect(meetsCheckoutMinimum(cents)).toBe(ok);
  });
  it('shows the cheapest plan as "from"', () => {
    expect(fromPriceCents([{ priceMonthCents: 1495 }, { priceMonthCents: 195 }])).toBe(195);
  });
});

describe('VAT', () => {
  it('charges 21 % to consumers and Dutch businesses', () => {
    expect(vatTreatment({ customerType: 'consumer', vatNumber: null })).toEqual({
      ratePercent: 21,
      reverseCharge: false,
    });
    expect(
      vatTreatment({ customerType: 'business', vatNumber: 'NL123456789B01' }).ratePercent,
    ).toBe(21);
  });
  it('reverse charges an EU business outside the Netherlands', () => {
    expect(vatTreatment({ customerType: 'business', vatNumber: 'BE0123456749' })).toEqual({
      ratePercent: 0,
      reverseCharge: true,
    });
  });
  it('rounds VAT to whole cents once', () => {
    // 195 × 21 % = 40.95 → 41
    expect(invoiceAmounts(195, { ratePercent: 21, reverseCharge: false })).toEqual({
      netCents: 195,
      vatRatePercent: 21,
      vatCents: 41,
      totalCents: 236,
      reverseCharge: false,
    });
    expect(invoiceAmounts(2106, { ratePercent: 21, reverseCharge: false }).vatCents).toBe(442);
  });
  it('knows EU prefixes only', () => {
    expect(splitVatNumber('nl 1234.56.789.B01')).toEqual({ country: 'NL', number: '123456789B01' });
    expect(splitVatNumber('US123456789')).toBeNull();
  });
});

describe('money', () => {
  it('follows the interface language', () => {
    expect(formatMoney(195, 'nl').replace(/\s/g, ' ')).toBe('€ 1,95');
    expect(formatMoney(195, 'en')).toBe('€1.95');
  });
});

describe('periods', () => {
  it('end one calendar month or year later', () => {
    const start = new Date('2026-01-31T10:00:00Z');
    expect(periodEnd(start, 'year').toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(periodEnd(new Date('2026-03-15T00:00:00Z'), 'month').toISOString()).toBe(
      '2026-04-15T00:00:00.000Z',
    );
  });
});

describe('account state', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const sub = (status: string, end: string, cancel = false) => ({
    status,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: cancel,
  });
  it.each([
    [{ trialEndAt: '2026-06-05T00:00:00Z', subscription: null }, 'trial', null],
    [{ trialEndAt: '2026-05-05T00:00:00Z', subscription: null }, 'expired', 'trial_ended'],
    [{ trialEndAt: null, subscription: sub('active', '2026-06-20T00:00:00Z') }, 'active', null],
    [
      { trialEndAt: null, subscription: sub('active', '2026-06-20T00:00:00Z', true) },
      'canceling',
      null,
    ],
    [
      { trialEndAt: null, subscription: sub('active', '2026-05-20T00:00:00Z', true) },
      'canceled',
      'subscription_canceled',
    ],
    [{ trialEndAt: null, subscription: sub('past_due', '2026-06-20T00:00:00Z') }, 'past_due', null],
    [
      { trialEndAt: null, subscription: sub('canceled', '2026-06-20T00:00:00Z') },
      'canceled',
      'subscription_canceled',
    ],
  ] as const)('%j → %s', (facts, state, block) => {
    expect(accountState(facts, now)).toBe(state);
    expect(writeBlockOf(accountState(facts, now))).toBe(block);
  });
});
