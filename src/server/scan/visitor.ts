// Pure parsing of what a scan tells about its visitor: user agent → device, OS and browser,
// referrer → domain, bot detection, and the privacy-preserving visitor hash. No I/O here.
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { RULE_DEVICES } from '../../shared/schemas/rules.js';

/** The device types statistics and smart-code rules name (src/shared/schemas/rules.ts). */
export type DeviceType = (typeof RULE_DEVICES)[number];

export interface UserAgentInfo {
  device: DeviceType;
  /** e.g. 'iOS', 'Android', 'Windows'; null when unknown. */
  os: string | null;
  /** e.g. 'Mobile Safari', 'Chrome'; null when unknown. */
  browser: string | null;
}

const KNOWN_DEVICES = new Set<string>([
  'mobile',
  'tablet',
  'console',
  'smarttv',
  'wearable',
  'embedded',
]);
const COLUMN_MAX = 64;

/** ua-parser-js 1.x (MIT; 2.x is AGPL). A desktop browser reports no device type. */
export function parseUserAgent(userAgent: string | undefined | null): UserAgentInfo {
  if (!userAgent) return { device: 'unknown', os: null, browser: null };
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  const os = result.os.name ? result.os.name.slice(0, COLUMN_MAX) : null;
  const browser = result.browser.name ? result.browser.name.slice(0, COLUMN_MAX) : null;
  let device: DeviceType;
  if (type && KNOWN_DEVICES.has(type)) device = type as DeviceType;
  else device = os || browser ? 'desktop' : 'unknown';
  return { device, os, browser };
}

/**
 * A function behind a small cache keyed by its string argument that keeps what was used
 * recently: two generations of up to `max` keys each; a key found in the older one moves to the
 * newer, and when the newer is full the older is dropped whole. A hit is one Map read, where a
 * strict LRU moves the key on every hit (a delete and a set: two more Map operations per scan,
 * for each of the user agent's two caches).
 */
export function memoize<T>(fn: (key: string) => T, max = 2000): (key: string | undefined) => T {
  let recent = new Map<string, T>();
  let older = new Map<string, T>();
  return (input) => {
    const key = input ?? '';
    const hit = recent.get(key);
    if (hit !== undefined) return hit;
    let value = older.get(key);
    if (value === undefined) value = fn(key);
    recent.set(key, value);
    if (recent.size >= max) {
      older = recent;
      recent = new Map();
    }
    return value;
  };
}

/**
 * parseUserAgent behind a small cache: phones of one model share one string, and the parse
 * (a few dozen regexes) is the costliest step of recording a scan.
 */
export const createUserAgentParser = (max = 2000) => memoize(parseUserAgent, max);

/**
 * Bots and link-preview fetchers (WhatsApp, Slack, Facebook…) per isbot; HEAD requests are
 * previews or monitors, and a request without any user agent is a script, not a person.
 */
export function isBotRequest(
  method: string,
  userAgent: string | undefined | null,
  isBotAgent: (userAgent: string) => boolean = isbot,
): boolean {
  if (method === 'HEAD') return true;
  if (!userAgent || !userAgent.trim()) return true;
  return isBotAgent(userAgent);
}

/** isbot behind a small cache: its pattern is one very large regular expression. */
export const createBotDetector = (max = 2000) => memoize((ua) => isbot(ua), max);

/** The referring site's host name only (never its path or query), or null. */
export function referrerDomain(referrer: string | undefined | null): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().slice(0, 255) || null;
  } catch {
    return null;
  }
}

/** The mobile platform that decides where an app link goes. */
export function mobilePlatform(os: string | null): 'ios' | 'android' | null {
  if (!os) return null;
  if (os === 'iOS' || os === 'iPadOS') return 'ios';
  if (os === 'Android' || os === 'HarmonyOS') return 'android';
  return null;
}

/**
 * The visitor (address and user agent) as a 53-bit number under the day's seed (dailySeed.ts):
 * the seed lives only in memory and changes daily, so the hash cannot be linked across days or
 * reversed to an address. It never leaves memory, so it needs no SHA-256 (which cost more CPU per
 * scan than the rest of the recording), and a number takes a fraction of a string's memory.
 */
export function visitorHash(seed: number, ip: string, userAgent: string): number {
  return hash53([ip, userAgent], seed);
}

const NEWLINE = 10;

/**
 * cyrb53 (public domain, bryc): a fast 53-bit string hash with a seed, of `parts` joined by
 * newlines. It walks the parts in place: a joined string would be a rope (a cons string), whose
 * characters V8 reads the slow way, a measurable share of a scan's CPU.
 */
export function hash53(parts: readonly string[], seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) {
      h1 = Math.imul(h1 ^ NEWLINE, 2654435761);
      h2 = Math.imul(h2 ^ NEWLINE, 1597334677);
    }
    const text = parts[p];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Strips the IPv4-mapped IPv6 prefix so '::ffff:1.2.3.4' looks up as 1.2.3.4. */
export function normaliseIp(ip: string | undefined | null): string {
  if (!ip) return '';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
