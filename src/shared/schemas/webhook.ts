// Webhooks (issue 15): where a project's changes and scans are sent, and which of them. The
// dashboard's form and the server's routes use these schemas.
import { z } from 'zod';
import { LINK_MAX } from '../constants.js';

/** The item types whose changes can be sent, and the changes. */
export const WEBHOOK_ITEM_TYPES = ['qr_code', 'short_link', 'action'] as const;
export const WEBHOOK_CHANGES = ['created', 'updated', 'trashed', 'restored', 'deleted'] as const;
export type WebhookChange = (typeof WEBHOOK_CHANGES)[number];

/** `qr_code.created` … `action.deleted`, and `scan` (counted scans, batched every 10 s at most). */
export const WEBHOOK_EVENTS = [
  ...WEBHOOK_ITEM_TYPES.flatMap((type) =>
    WEBHOOK_CHANGES.map((change) => `${type}.${change}` as const),
  ),
  'scan',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Any http(s) URL, an address or port included: whether it may be called is the server's check. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(LINK_MAX)
  .pipe(z.url({ protocol: /^https?$/ }));

export const webhookInputSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .transform((events) => [...new Set(events)]),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;
export const webhookUpdateSchema = webhookInputSchema.partial();

/** The delivery states of the log: waiting (also between retries), sent, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
