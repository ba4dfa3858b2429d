// The date range presets of the statistics screens: whole days, which the server reads as days in
// the project's time zone.
import { DEFAULT_TIME_ZONE, localParts } from '../../shared/timeZone';

export const RANGE_PRESETS = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  /** ISO-8601 instant, or a date (YYYY-MM-DD) that the server reads as that whole day. */
  from: string;
  to: string;
}

/** YYYY-MM-DD of a date, in UTC (the value of a date input). */
export const toDateInput = (date: Date) => date.toISOString().slice(0, 10);

/** YYYY-MM-DD of the project's calendar day `daysBack` days before the one holding `now`. */
export function localDateInput(timeZone: string, daysBack = 0, now = new Date()): string {
  const today = localParts(now.getTime(), timeZone);
  return toDateInput(new Date(Date.UTC(today.year, today.month - 1, today.day - daysBack)));
}

/**
 * A preset's range ending now. "7 days" means today where the project is and the six days before
 * it, so the chart shows whole local days; "12 months" starts on the first of the month eleven
 * months ago.
 */
export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  timeZone = DEFAULT_TIME_ZONE,
  now = new Date(),
): DateRange {
  const to = now.toISOString();
  if (preset === '12m') {
    const today = localParts(now.getTime(), timeZone);
    return { from: toDateInput(new Date(Date.UTC(today.year, today.month - 12, 1))), to };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[preset];
  return { from: localDateInput(timeZone, days - 1, now), to };
}

/** A custom range from two date inputs; null while incomplete or reversed. */
export function customRange(from: string, to: string): DateRange | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(from) || !pattern.test(to) || to < from) return null;
  return { from, to };
}
