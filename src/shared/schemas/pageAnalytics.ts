// The dashboard's page-view tracker (SPEC §1 analytics, §2 /settings/analytics): none, Plausible,
// Matomo or an endpoint of the operator's own. A platform admin sets it; every dashboard reads it.
import { z } from 'zod';
import { httpUrlSchema } from './action.js';
import { requiredText } from './common.js';

export const PAGE_ANALYTICS_PROVIDERS = ['none', 'plausible', 'matomo', 'custom'] as const;
export type PageAnalyticsProvider = (typeof PAGE_ANALYTICS_PROVIDERS)[number];

export const pageAnalyticsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({
    provider: z.literal('plausible'),
    /** The site's domain as registered in Plausible. */
    siteId: requiredText(),
    /** Plausible's address (its cloud, or a self-hosted instance). */
    url: httpUrlSchema(),
  }),
  z.object({
    provider: z.literal('matomo'),
    siteId: z.string().trim().regex(/^[0-9]{1,9}$/),
    url: httpUrlSchema(),
  }),
  z.object({ provider: z.literal('custom'), url: httpUrlSchema() }),
]);
export type PageAnalytics = z.infer<typeof pageAnalyticsSchema>;

export const PAGE_ANALYTICS_OFF: PageAnalytics = { provider: 'none' };

/** The origin page views go to, for the dashboard's connect-src; null when nothing is sent. */
export function pageAnalyticsOrigin(settings: PageAnalytics): string | null {
  return settings.provider === 'none' ? null : new URL(settings.url).origin;
}
