// The date range presets of the statistics screens: whole days, which the server reads as days in
// the project's time zone.
export const RANGE_PRESETS = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  /** ISO-8601 instant, or a date (YYYY-MM-DD) that the server reads as that whole day. */
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const startOfUtcDay = (time: number) => {
  const date = new Date(time);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
};

/**
 * A preset's range ending now. "7 days" means today and the six days before it, so the chart
 * shows whole days; "12 months" starts on the first of the month eleven months ago.
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now = new Date()): DateRange {
  const to = now.toISOString();
  if (preset === '12m') {
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    return { from: toDateInput(from), to };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[preset];
  return { from: toDateInput(startOfUtcDay(now.getTime() - (days - 1) * DAY_MS)), to };
}

/** YYYY-MM-DD of a date, in UTC (the value of a date input). */
export const toDateInput = (date: Date) => date.toISOString().slice(0, 10);

/** A custom range from two date inputs; null while incomplete or reversed. */
export function customRange(from: string, to: string): DateRange | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(from) || !pattern.test(to) || to < from) return null;
  return { from, to };
}
