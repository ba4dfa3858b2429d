// The checkout's progress per plan, kept in the tab's session storage so a reload (or a return
// from the payment page) lands on the same step with the same answers.
import type { BillingPeriod } from '../../shared/enums';

export const CHECKOUT_STEPS = ['plan', 'period', 'customer', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutProgress {
  step: Exclude<CheckoutStep, 'plan'>;
  billingPeriod: BillingPeriod;
  customerType: 'consumer' | 'business';
  companyName: string;
  vatNumber: string;
}

export const NEW_PROGRESS: CheckoutProgress = {
  step: 'period',
  billingPeriod: 'year',
  customerType: 'consumer',
  companyName: '',
  vatNumber: '',
};

const keyOf = (planId: string) => `qrhub.checkout.${planId}`;

export function loadProgress(planId: string): CheckoutProgress {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(planId)) ?? 'null') as unknown;
    if (stored && typeof stored === 'object') return { ...NEW_PROGRESS, ...stored };
  } catch {
    // A damaged entry starts over.
  }
  return NEW_PROGRESS;
}

export function saveProgress(planId: string, progress: CheckoutProgress): void {
  sessionStorage.setItem(keyOf(planId), JSON.stringify(progress));
}

export function clearProgress(planId: string): void {
  sessionStorage.removeItem(keyOf(planId));
}
