// Step 5b of the scan pipeline: the advertisement interstitial. A QR code with linked
// advertisements shows one of them (picked at random) before its Action, for the ad's display
// time, then continues to `{code}?continue=1`, which performs the Action without the ad. Bots and
// link previews never get the interstitial, and only an active Action with a usable target has one.
import type { Db } from '../db/database.js';
import { scanAdvertisements, type ScanAdvertisement } from '../repositories/advertisements.js';
import type { ScanItem } from './lookup.js';
import { safeHttpUrl } from './target.js';

export type { ScanAdvertisement };

/** The live advertisements of a scanned item (only QR codes carry them). */
export async function loadAdvertisements(db: Db, item: ScanItem): Promise<ScanAdvertisement[]> {
  if (item.type !== 'qr_code' || item.isRemoved) return [];
  return scanAdvertisements(db, item.id);
}

/** `?continue=1`: the visitor comes from the interstitial (its button, script or refresh). */
export function isContinueRequest(query: unknown): boolean {
  return (
    typeof query === 'object' &&
    query !== null &&
    (query as Record<string, unknown>).continue === '1'
  );
}

/** Several ads on one code rotate at random, so each gets its share of the scans. */
export function pickAdvertisement(
  ads: readonly ScanAdvertisement[],
  random: () => number = Math.random,
): ScanAdvertisement | null {
  if (ads.length === 0) return null;
  return ads[Math.min(ads.length - 1, Math.floor(random() * ads.length))];
}

/** Which ad to show on this request, or null to go straight on. */
export function advertisementFor(
  ads: readonly ScanAdvertisement[],
  request: { isContinue: boolean; isBot: boolean },
  random?: () => number,
): ScanAdvertisement | null {
  if (ads.length === 0 || request.isContinue || request.isBot) return null;
  return pickAdvertisement(ads, random);
}

/** The click-through target: http(s) only, anything else is no link at all. */
export function clickTarget(ad: ScanAdvertisement): string | null {
  return ad.link ? safeHttpUrl(ad.link) : null;
}

/** Relative to `{scan base}/{code}`, so white-label hosts keep their own host. */
export const continuePath = (code: string) => `${encodeURIComponent(code)}?continue=1`;
export const clickPath = (code: string, adId: string) =>
  `${encodeURIComponent(code)}/ad/${encodeURIComponent(adId)}/click`;
