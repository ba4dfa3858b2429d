// CSV of what the statistics screens show: each chart's data from the same answer the chart
// draws (so the file and the chart cannot disagree), and the raw scans' columns.
import { MAX_RAW_EXPORT_ROWS, type StatisticsChart } from '../../shared/schemas/analytics.js';
import { localIso } from '../../shared/timeZone.js';
import { RAW_SCAN_COLUMNS } from '../repositories/analytics.js';
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

type RawScanRow = Record<(typeof RAW_SCAN_COLUMNS)[number], unknown>;

/**
 * The raw scans' CSV, a chunk of rows at a time as the database answers them (so a long range
 * is never held whole), each scan's time also where the project is. Bounded: after `limit`
 * rows a last line says the file was cut, and no further chunk is asked for.
 */
export async function* rawScanCsv(
  chunks: AsyncIterable<readonly RawScanRow[]>,
  timeZone: string,
  limit = MAX_RAW_EXPORT_ROWS,
): AsyncGenerator<string> {
  yield csvLine([...RAW_SCAN_COLUMNS, 'scannedAtLocal']);
  let written = 0;
  for await (const rows of chunks) {
    let text = '';
    for (const row of rows) {
      if (written >= limit) {
        yield `${text}# truncated at ${limit} rows\r\n`;
        return;
      }
      text += csvLine([
        ...RAW_SCAN_COLUMNS.map((column) => row[column]),
        localIso(Date.parse(String(row.scannedAt)), timeZone),
      ]);
      written++;
    }
    yield text;
  }
}

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
