// The dashboard's page-view tracker (SPEC §1 analytics, §2 /settings/analytics): none, Plausible,
// Matomo or an endpoint of the operator's own. A platform admin sets it; every dashboard reads it.
import { z } from 'zod';
import { LINK_MAX } from '../constants.js';
import { requiredText } from './common.js';

export const PAGE_ANALYTICS_PROVIDERS = ['none', 'plausible', 'matomo', 'custom'] as const;
export type PageAnalyticsProvider = (typeof PAGE_ANALYTICS_PROVIDERS)[number];

/**
 * An http(s) address on any host: unlike an Action's link, a self-hosted tracker often lives on
 * an internal name or address (matomo.lan, 10.0.0.5). Only platform admins set it.
 */
const trackerUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(LINK_MAX)
  .pipe(z.url({ protocol: /^https?$/ }));

export const pageAnalyticsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({
    provider: z.literal('plausible'),
    /** The site's domain as registered in Plausible. */
    siteId: requiredText(),
    /** Plausible's address (its cloud, or a self-hosted instance). */
    url: trackerUrlSchema,
  }),
  z.object({
    provider: z.literal('matomo'),
    siteId: z
      .string()
      .trim()
      .regex(/^[0-9]{1,9}$/),
    url: trackerUrlSchema,
  }),
  z.object({ provider: z.literal('custom'), url: trackerUrlSchema }),
]);
export type PageAnalytics = z.infer<typeof pageAnalyticsSchema>;

export const PAGE_ANALYTICS_OFF: PageAnalytics = { provider: 'none' };

/** The origin page views go to, for the dashboard's connect-src; null when nothing is sent. */
export function pageAnalyticsOrigin(settings: PageAnalytics): string | null {
  return settings.provider === 'none' ? null : new URL(settings.url).origin;
}
