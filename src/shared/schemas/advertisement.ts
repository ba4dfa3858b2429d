// Advertisements (SPEC §1 "campaign"): an intermediate page with an image and/or a plain text, an
// optional click-through link and a display time in milliseconds, shown before a linked QR code's
// Action. Written once for the dashboard's form and the API's validation.
import { z } from 'zod';
import { LINK_MAX, TEXT_MAX } from '../constants.js';
import { ulidSchema } from '../ids.js';
import { addCustomIssue } from '../validation.js';
import { httpUrlSchema } from './action.js';
import { optionalText, requiredText } from './common.js';

/** The plain text under the image; rendered escaped, line breaks kept. */
export const AD_TEXT_MAX = 2000;
/**
 * Display time bounds (SPEC leaves them open): at least 1 s, so the page can be seen at all, and at
 * most 60 s, so a scan is never held hostage; 5 s is the default of a new advertisement.
 */
export const AD_DISPLAY_TIME_MIN_MS = 1000;
export const AD_DISPLAY_TIME_MAX_MS = 60_000;
export const AD_DISPLAY_TIME_DEFAULT_MS = 5000;
/** QR codes per link call (PUT …/qr-codes, PUT …/advertisements). */
export const AD_LINK_IDS_MAX = 500;

/** An integer within the bounds; out of range is 'between' with meta { min, max }. */
export const displayTimeMsSchema = z.number().superRefine((value, ctx) => {
  if (!Number.isInteger(value)) {
    addCustomIssue(ctx, [], { code: 'integer' }, 'Must be a whole number of milliseconds');
  } else if (value < AD_DISPLAY_TIME_MIN_MS || value > AD_DISPLAY_TIME_MAX_MS) {
    addCustomIssue(
      ctx,
      [],
      {
        code: 'between',
        meta: { min: AD_DISPLAY_TIME_MIN_MS, max: AD_DISPLAY_TIME_MAX_MS },
      },
      `Must be between ${AD_DISPLAY_TIME_MIN_MS} and ${AD_DISPLAY_TIME_MAX_MS} ms`,
    );
  }
});

/** An optional http(s) link: empty or absent becomes null. */
const optionalLink = z
  .preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    httpUrlSchema(LINK_MAX).nullish(),
  )
  .transform((value) => value ?? null);

export const advertisementInputSchema = z
  .object({
    name: requiredText(TEXT_MAX),
    text: optionalText(AD_TEXT_MAX),
    imageMediaId: ulidSchema.nullish().transform((value) => value ?? null),
    link: optionalLink,
    displayTimeMs: displayTimeMsSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.text && !value.imageMediaId) {
      addCustomIssue(ctx, ['text'], { code: 'required' }, 'Give a text or an image (or both)');
    }
  });
export type AdvertisementInput = z.infer<typeof advertisementInputSchema>;

/** PUT …/advertisements/{id}/qr-codes and PUT …/qr-codes/{id}/advertisements: the full set after the call. */
export const advertisementQrCodesSchema = z.object({
  qrCodeIds: z
    .array(ulidSchema)
    .max(AD_LINK_IDS_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export const qrCodeAdvertisementsSchema = z.object({
  advertisementIds: z
    .array(ulidSchema)
    .max(AD_LINK_IDS_MAX)
    .transform((ids) => [...new Set(ids)]),
});

/** An advertisement as the API answers it. */
export interface Advertisement {
  id: string;
  projectId: string;
  name: string;
  text: string | null;
  imageMediaId: string | null;
  /** The stored image, for the editor's view button and the thumbnails. */
  image: { id: string; name: string; url: string } | null;
  link: string | null;
  displayTimeMs: number;
  /** Linked QR codes outside the trash. */
  qrCodeCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Views and click-throughs (GET …/advertisements/{id}/stats); bots are not counted. */
export interface AdvertisementStats {
  views: number;
  uniqueViews: number;
  clicks: number;
}
