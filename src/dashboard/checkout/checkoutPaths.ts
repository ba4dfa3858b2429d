// The billing screens' routes (issue 10), apart from the screens so the first download stays small.
import { planSlug } from '../../shared/billing';

export const BILLING_PATHS = {
  checkoutPlans: '/checkout',
  checkoutPlan: '/checkout/:name/:planId',
  checkoutActivated: '/checkout/:name/:planId/activated',
  billing: '/billing',
  customerBilling: '/customer/:id/billing',
  plans: '/plans',
} as const;

export const checkoutPath = (plan: { id: string; name: string }) =>
  `/checkout/${planSlug(plan.name)}/${plan.id}`;
