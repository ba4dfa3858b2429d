// Pure rules of SPEC §4 and §9 that both the dashboard and the server apply.
import { BYTES_PER_KB, LIMIT_ERROR_RATIO, LIMIT_WARNING_RATIO, UNLIMITED } from './constants.js';
import type { NotificationLevel, UsageKey } from './enums.js';
import { formatLocale } from './locale.js';

export type UsageCounts = Record<UsageKey, number>;
export interface LimitStatus {
  used: UsageCounts;
  total: UsageCounts;
}

/** info under 80 %, warning from 80 % to under 100 %, error at 100 % or more; -1 is unlimited. */
export function limitLevel(used: number, total: number): NotificationLevel {
  if (total === UNLIMITED) return 'info';
  if (total <= 0) return used > 0 || total === 0 ? 'error' : 'info';
  const ratio = used / total;
  if (ratio >= LIMIT_ERROR_RATIO) return 'error';
  if (ratio >= LIMIT_WARNING_RATIO) return 'warning';
  return 'info';
}

/** Whether one more item (or `extra` units) still fits under a total; -1 always fits. */
export function fitsWithin(used: number, total: number, extra = 1): boolean {
  return total === UNLIMITED || used + extra <= total;
}

/** The storage banner of SPEC §4: none while info, "almost reached" for warning, "reached" otherwise. */
export function storageBanner(used: number, total: number): 'almostReached' | 'reached' | null {
  const level = limitLevel(used, total);
  if (level === 'info') return null;
  return level === 'warning' ? 'almostReached' : 'reached';
}

export type TrialCountdown =
  { unit: 'days'; value: number } | { unit: 'hours'; value: number } | { unit: 'expired' };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * More than 1 day left shows days; 1 day or less shows hours; nothing left is expired. Both round
 * up, so a trial that just started says 14 days and one with 20 hours and a minute left says 21
 * hours: the countdown never promises less time than there is, and says "expired" only when it is.
 */
export function trialCountdown(trialEndAt: string | Date, now: Date = new Date()): TrialCountdown {
  const left = new Date(trialEndAt).getTime() - now.getTime();
  if (left <= 0) return { unit: 'expired' };
  if (left > DAY_MS) return { unit: 'days', value: Math.ceil(left / DAY_MS) };
  return { unit: 'hours', value: Math.ceil(left / HOUR_MS) };
}

export type Granularity = 'year' | 'month' | 'week' | 'day' | 'hour';

/** Analytics bucket size for a date range (SPEC §9, date range helpers). */
export function analyticsGranularity(from: string | Date, to: string | Date): Granularity {
  const start = new Date(from);
  const end = new Date(to);
  const days = (end.getTime() - start.getTime()) / DAY_MS;
  if (days > 365) return 'year';
  if (days > 56) return 'month';
  if (days > 14) return 'week';
  if (start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10)) return 'hour';
  if (days > 0) return 'day';
  return 'hour';
}

/** Storage is counted in bytes and shown with KB = 1000 bytes. */
export function formatStorage(bytes: number, locale = 'nl'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= BYTES_PER_KB && unit < units.length - 1) {
    value /= BYTES_PER_KB;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Scans abbreviated with K and M, with the decimal sign of the interface language (1,3K in Dutch). */
export function abbreviateCount(count: number, language: string): string {
  const abs = Math.abs(count);
  const format = new Intl.NumberFormat(formatLocale(language), {
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  const trim = (n: number) => format.format(Number(n.toFixed(1)));
  // 999 950 would round to "1000K"; it reads better as 1M.
  if (abs >= 999_950) return `${trim(count / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(count / 1_000)}K`;
  return format.format(count);
}

const ULID_SEGMENT = /\/[0-9A-HJKMNP-TV-Z]{26}(?=\/|$|\?)/gi;

/** Page paths sent to analytics lose their ULID-like identifiers. */
export function stripIds(path: string): string {
  return path.replace(ULID_SEGMENT, '');
}
