// Display helpers for statistics: bucket labels (in the project's time zone, like the buckets)
// and breakdown keys.
import type { Granularity } from '../../shared/rules';

const OPTIONS: Record<Granularity, Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
};

export function bucketLabel(
  bucket: string,
  granularity: Granularity,
  locale: string,
  timeZone = 'UTC',
): string {
  return new Intl.DateTimeFormat(locale, { ...OPTIONS[granularity], timeZone }).format(
    new Date(bucket),
  );
}

/** A 2-letter code as the country's name in the UI language; the code itself if unknown. */
export function countryLabel(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
