// Calendar arithmetic in an IANA time zone without a library: statistics bucket days, weeks and
// months where the project is (a Dutch café's evening scans belong to that evening), across
// daylight-saving switches. Offsets come from Intl and are cached per formatter.
import type { Granularity } from './rules.js';

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const HOUR_MS = 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
}

/**
 * The IANA zone names a project can choose, as the runtime's time-zone database knows them
 * (Intl lists canonical names only, without UTC).
 */
export function timeZoneNames(): string[] {
  const names =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? [...names] : ['UTC', ...names];
}

const IANA_NAME = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/;

/**
 * True for a zone of the IANA database: a listed name, or an alias the database still resolves
 * (Europe/Kiev beside Europe/Kyiv, since browsers and servers may list either). Offsets such as
 * "+01:00", which Intl also accepts, are not zones.
 */
export function isIanaTimeZone(timeZone: string): boolean {
  if (timeZone === 'UTC') return true;
  if (!IANA_NAME.test(timeZone) || timeZone.length > 64) return false;
  return timeZoneNames().includes(timeZone) || isTimeZone(timeZone);
}

/** The wall clock in `timeZone` at the instant `ms`: [year, month (1–12), day, hour, minute, second]. */
export function wallClock(ms: number, timeZone: string): number[] {
  const parts = formatterOf(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** The wall-clock time in `timeZone` at the instant `ms`. */
export function localParts(ms: number, timeZone: string): LocalParts {
  const [year, month, day, hour, minute] = wallClock(ms, timeZone);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { year, month, day, hour, minute, weekday };
}

/** The wall-clock time at `ms` in `timeZone` as ISO 8601 with its offset: 2026-01-16T22:30+01:00. */
export function localIso(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  const offset = offsetMinutes(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}

/** Minutes the zone is ahead of UTC at the instant `ms`. */
export function offsetMinutes(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - (ms - (ms % 60_000))) / 60_000);
}

/** The instant a local wall-clock time happens (the later offset wins in a repeated hour). */
export function instantOf(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetMinutes(guess, timeZone) * 60_000;
  const second = guess - offsetMinutes(first, timeZone) * 60_000;
  return second;
}

/** The start (an instant) of the local bucket holding `ms`; weeks start on Monday. */
export function localBucketStart(ms: number, granularity: Granularity, timeZone: string): number {
  if (granularity === 'hour') return ms - (((ms % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const p = localParts(ms, timeZone);
  switch (granularity) {
    case 'day':
      return instantOf(p.year, p.month, p.day, 0, timeZone);
    case 'week':
      return instantOf(p.year, p.month, p.day - p.weekday, 0, timeZone);
    case 'month':
      return instantOf(p.year, p.month, 1, 0, timeZone);
    case 'year':
      return instantOf(p.year, 1, 1, 0, timeZone);
  }
}

/** The start of the local bucket after the one starting at `start`. */
export function nextLocalBucket(start: number, granularity: Granularity, timeZone: string): number {
  if (granularity === 'hour') return start + HOUR_MS;
  const p = localParts(start, timeZone);
  switch (granularity) {
    case 'day':
      return instantOf(p.year, p.month, p.day + 1, 0, timeZone);
    case 'week':
      return instantOf(p.year, p.month, p.day + 7, 0, timeZone);
    case 'month':
      return instantOf(p.year, p.month + 1, 1, 0, timeZone);
    case 'year':
      return instantOf(p.year + 1, 1, 1, 0, timeZone);
  }
}

/** Every local bucket start from the one holding `from` to the one holding `to`. */
export function localBuckets(
  from: number,
  to: number,
  granularity: Granularity,
  timeZone: string,
): number[] {
  const starts: number[] = [];
  for (
    let at = localBucketStart(from, granularity, timeZone);
    at <= to;
    at = nextLocalBucket(at, granularity, timeZone)
  ) {
    starts.push(at);
  }
  return starts;
}

/**
 * A query's range with date-only bounds read as days in `timeZone` (the start of `from`'s day,
 * the last millisecond of `to`'s); full timestamps stay as they are.
 */
export function rangeIn(
  range: { from: Date; to: Date; fromText?: string; toText?: string },
  timeZone: string,
): { from: Date; to: Date } {
  const dayStart = (text: string, plusDays: number) => {
    const [y, m, d] = text.split('-').map(Number);
    return instantOf(y, m, d + plusDays, 0, timeZone);
  };
  const from = range.fromText?.length === 10 ? new Date(dayStart(range.fromText, 0)) : range.from;
  const to = range.toText?.length === 10 ? new Date(dayStart(range.toText, 1) - 1) : range.to;
  return { from, to: to < from ? from : to };
}
