// When an Action is active (SPEC §4 "Action activity modes"), as pure functions over the stored
// activity object, so the scan service, the dashboard's preview and the tests agree.
//
// The model:
// - mode 'always': active at every moment.
// - mode 'period': active from `start` (inclusive) until `end` (exclusive); `noEndDate` drops the
//   end. With `wholeDay` both bounds are calendar days in `timeZone`: active from 00:00 of the
//   start day until the end of the end day (so start = end = one whole day).
// - mode 'interval': a repeating window. Occurrences begin at `start` and then every
//   `interval.every` `interval.unit` (days, weeks, months, years — ACTIVE_INTERVAL_UNITS); each
//   occurrence lasts `interval.duration` `interval.durationUnit`. `end` (unless `noEndDate`) stops
//   the series. Example: every 1 weeks for 2 days from Friday = every weekend. Month and year
//   steps keep the day of the month, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb);
//   day and week steps are fixed 24 h multiples (a DST change shifts local times by an hour).
// - `showBeforeActive`: before the first start the Action is already shown (a teaser that is
//   live ahead of its period); the end still applies.
import type { ActiveIntervalUnit } from './enums.js';
import { DEFAULT_TIME_ZONE, wallClock } from './timeZone.js';

export const ACTIVITY_MODES = ['always', 'period', 'interval'] as const;
export type ActivityMode = (typeof ACTIVITY_MODES)[number];

/** The time zone whole days are counted in when none is stored (the product is Dutch first). */
export { DEFAULT_TIME_ZONE };

export interface ActivityInterval {
  every: number;
  unit: ActiveIntervalUnit;
  duration: number;
  durationUnit: ActiveIntervalUnit;
}

export interface Activity {
  mode: ActivityMode;
  /** ISO-8601 instants; null when the mode needs none. */
  start: string | null;
  end: string | null;
  wholeDay: boolean;
  noEndDate: boolean;
  showBeforeActive: boolean;
  interval: ActivityInterval | null;
  /** IANA zone for whole-day bounds. */
  timeZone: string;
}

export const ALWAYS_ACTIVE: Activity = {
  mode: 'always',
  start: null,
  end: null,
  wholeDay: false,
  noEndDate: false,
  showBeforeActive: false,
  interval: null,
  timeZone: DEFAULT_TIME_ZONE,
};

/** Where a moment falls relative to the activity. */
export type ActivityPhase = 'active' | 'before' | 'between' | 'after';

const DAY_MS = 24 * 60 * 60 * 1000;

export function isActionActiveAt(activity: Activity, date: Date): boolean {
  const phase = activityPhaseAt(activity, date);
  return phase === 'active' || (phase === 'before' && activity.showBeforeActive);
}

export function activityPhaseAt(activity: Activity, date: Date): ActivityPhase {
  if (activity.mode === 'always') return 'active';
  const t = date.getTime();
  const { startMs, endMs } = activityBounds(activity);
  if (Number.isNaN(startMs) || Number.isNaN(endMs)) return 'after'; // unreadable data: never live
  if (t < startMs) return 'before';
  if (t >= endMs) return 'after';
  if (activity.mode === 'period' || !activity.interval) return 'active';
  return inIntervalWindow(activity.interval, startMs, t) ? 'active' : 'between';
}

/** The outer bounds in epoch ms: [startMs, endMs). endMs is Infinity without an end. */
export function activityBounds(activity: Activity): { startMs: number; endMs: number } {
  const zone = activity.timeZone || DEFAULT_TIME_ZONE;
  const rawStart = activity.start ? Date.parse(activity.start) : Number.NaN;
  const startMs = activity.wholeDay ? startOfZonedDay(rawStart, zone) : rawStart;
  if (activity.noEndDate || !activity.end) {
    // A period without an end date and without noEndDate is refused by the schema; read it as open.
    return { startMs, endMs: Number.POSITIVE_INFINITY };
  }
  const rawEnd = Date.parse(activity.end);
  const endMs = activity.wholeDay ? startOfZonedDay(rawEnd, zone, 1) : rawEnd;
  return { startMs, endMs };
}

function inIntervalWindow(interval: ActivityInterval, startMs: number, t: number): boolean {
  const every = Math.max(1, Math.floor(interval.every));
  const duration = Math.max(0, interval.duration);
  // The latest occurrence that began at or before t; its predecessor is checked too because
  // month clamping makes occurrences slightly uneven.
  const k = latestOccurrenceIndex(startMs, t, every, interval.unit);
  for (const index of [k + 1, k, k - 1]) {
    if (index < 0) continue;
    const begin = addUnits(startMs, index * every, interval.unit);
    const end = addUnits(begin, duration, interval.durationUnit);
    if (begin <= t && t < end) return true;
  }
  return false;
}

function latestOccurrenceIndex(
  startMs: number,
  t: number,
  every: number,
  unit: ActiveIntervalUnit,
): number {
  if (unit === 'days' || unit === 'weeks') {
    const step = every * (unit === 'weeks' ? 7 : 1) * DAY_MS;
    return Math.floor((t - startMs) / step);
  }
  const a = new Date(startMs);
  const b = new Date(t);
  const months =
    (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  return Math.floor(months / (every * (unit === 'years' ? 12 : 1)));
}

/** Adds n units to an instant; months and years keep the day of month, clamped to the month end. */
export function addUnits(ms: number, n: number, unit: ActiveIntervalUnit): number {
  if (unit === 'days') return ms + n * DAY_MS;
  if (unit === 'weeks') return ms + n * 7 * DAY_MS;
  const d = new Date(ms);
  const months = n * (unit === 'years' ? 12 : 1);
  const targetMonth = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(targetMonth / 12);
  const month = ((targetMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** Offset of the zone at an instant, in ms (local wall time minus UTC). */
function zoneOffset(ms: number, zone: string): number {
  const [y, mo, d, h, mi, s] = wallClock(ms, zone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** 00:00 local time of the day (plus `addDays`) that contains `ms` in `zone`, as epoch ms. */
export function startOfZonedDay(ms: number, zone: string, addDays = 0): number {
  if (Number.isNaN(ms)) return ms;
  const [y, mo, d] = wallClock(ms, zone);
  const localMidnight = Date.UTC(y, mo - 1, d + addDays);
  // Two passes settle the offset across a DST change.
  let guess = localMidnight - zoneOffset(localMidnight, zone);
  guess = localMidnight - zoneOffset(guess, zone);
  return guess;
}
