// CSV of what the statistics screens show: each chart's data from the same answer the chart
// draws (so the file and the chart cannot disagree), and the raw scans' columns.
import type { StatisticsChart } from '../../shared/schemas/analytics.js';
import { localIso } from '../../shared/timeZone.js';
import type { Statistics } from './statistics.js';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** One CSV line (RFC 4180 quoting; a leading =+-@ is defused so spreadsheets do not run it). */
export function csvLine(values: readonly unknown[]): string {
  return `${values
    .map((value) => {
      if (value === null || value === undefined) return '';
      let text = String(value);
      if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}

export const RAW_SCAN_CSV_COLUMNS = [
  'scannedAt',
  'itemType',
  'itemId',
  'kind',
  'device',
  'os',
  'browser',
  'country',
  'referrer',
  'isUnique',
  'isBot',
] as const;

const BREAKDOWN_OF = {
  device: 'byDevice',
  os: 'byOs',
  browser: 'byBrowser',
  country: 'byCountry',
  referrer: 'byReferrer',
  variant: 'byVariant',
} as const;

export function chartCsv(answer: Statistics, chart: StatisticsChart): string {
  const { meta } = answer;
  switch (chart) {
    case 'timeseries':
      return [
        // `bucket` is the instant the API answers; `local` the same start where the project is.
        csvLine(['bucket', 'local', 'scans', 'uniqueVisitors']),
        ...answer.data.map((point) =>
          csvLine([
            point.bucket,
            localIso(Date.parse(point.bucket), meta.timeZone),
            point.scans,
            point.uniqueVisitors,
          ]),
        ),
      ].join('');
    case 'heatmap':
      return [
        csvLine(['weekday', ...Array.from({ length: 24 }, (_, hour) => hour)]),
        ...meta.heatmap.map((row, day) => csvLine([WEEKDAYS[day], ...row])),
      ].join('');
    case 'top':
      return [
        csvLine(['itemType', 'itemId', 'name', 'scans']),
        ...[...meta.topQrCodes, ...meta.topShortLinks].map((item) =>
          csvLine([item.itemType, item.itemId, item.name, item.scans]),
        ),
      ].join('');
    default:
      return [
        csvLine([chart, 'scans']),
        ...meta[BREAKDOWN_OF[chart]].map((entry) => csvLine([entry.key, entry.scans])),
      ].join('');
  }
}
