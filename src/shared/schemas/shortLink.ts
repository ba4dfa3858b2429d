// Short links (SPEC §3, §5): a uri on the scan host that leads to an Action, like a QR code
// without the picture. Shared by the API's validation and the dashboard's forms.
import { z } from 'zod';
import { ulidSchema } from '../ids.js';
import { actionInputSchema } from './action.js';
import { optionalText, requiredText, withInlineAction } from './common.js';

/** SPEC §5: only a-z, A-Z, 0-9, - and _. */
export const SHORT_LINK_URI_PATTERN = /^[a-zA-Z0-9_-]+$/;
/** Long enough for a readable slug, short enough to stay a short link. */
export const SHORT_LINK_URI_MAX = 64;
export const SHORT_LINK_DESCRIPTION_MAX = 1000;

export const shortLinkUriSchema = z
  .string()
  .trim()
  .min(1)
  .max(SHORT_LINK_URI_MAX)
  .regex(SHORT_LINK_URI_PATTERN);

export const shortLinkInputSchema = z.object({
  uri: shortLinkUriSchema,
  name: requiredText(),
  description: optionalText(SHORT_LINK_DESCRIPTION_MAX),
  actionId: ulidSchema.nullable().default(null),
});
export type ShortLinkInput = z.infer<typeof shortLinkInputSchema>;
/** POST …/short-links: the short link, with an existing Action or a new one (`action`). */
export const newShortLinkSchema = withInlineAction(shortLinkInputSchema, actionInputSchema);
export type NewShortLink = z.infer<typeof newShortLinkSchema>;

/** PUT sends only what changes. */
export const shortLinkUpdateSchema = shortLinkInputSchema.partial();
export type ShortLinkUpdate = z.infer<typeof shortLinkUpdateSchema>;

/**
 * Letters and digits without the look-alikes (0/O/o, 1/l/I): a suggested uri is often read aloud
 * or typed over from print. Every character is inside SHORT_LINK_URI_PATTERN.
 */
export const RANDOM_URI_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RANDOM_URI_MIN = 6;
export const RANDOM_URI_MAX = 8;

/**
 * A random uri of `length` characters (clamped to 6–8), from the platform's CSPRNG (Web Crypto,
 * present in browsers and Node 20). Rejection sampling keeps every character equally likely.
 */
export function randomUri(length = 7): string {
  const size = Math.min(RANDOM_URI_MAX, Math.max(RANDOM_URI_MIN, Math.floor(length)));
  const alphabet = RANDOM_URI_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let uri = '';
  while (uri.length < size) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(size * 2));
    for (const byte of bytes) {
      if (byte < limit && uri.length < size) uri += alphabet[byte % alphabet.length];
    }
  }
  return uri;
}

/** The short link as the API answers it (docs/api-links.md). */
export interface ShortLink {
  id: string;
  projectId: string;
  host: string;
  uri: string;
  scanUrl: string;
  name: string;
  description: string | null;
  actionId: string | null;
  action: { id: string; name: string; objectType: string } | null;
  labels: { id: string; name: string; color: string | null }[];
  scans: number;
  createdAt: string;
  updatedAt: string;
  trashedAt: string | null;
}
