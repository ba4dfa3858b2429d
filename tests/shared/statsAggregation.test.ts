import { describe, expect, it } from 'vitest';
import {
  aggregateScans,
  bucketRange,
  bucketStart,
  ScanAggregator,
  sortBreakdown,
  type StatsScanRow,
} from '../../src/shared/statsAggregation';
import { timeseriesQuerySchema } from '../../src/shared/schemas/analytics';

const row = (scannedAt: string, overrides: Partial<StatsScanRow> = {}): StatsScanRow => ({
  scannedAt,
  isUnique: 0,
  device: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  country: 'NL',
  referrer: null,
  ...overrides,
});

describe('bucketStart', () => {
  const at = new Date('2024-05-08T13:45:12.345Z'); // a Wednesday
  it.each([
    ['hour', '2024-05-08T13:00:00.000Z'],
    ['day', '2024-05-08T00:00:00.000Z'],
    ['week', '2024-05-06T00:00:00.000Z'],
    ['month', '2024-05-01T00:00:00.000Z'],
    ['year', '2024-01-01T00:00:00.000Z'],
  ] as const)('%s', (granularity, expected) => {
    expect(bucketStart(at, granularity).toISOString()).toBe(expected);
  });

  it('starts a Sunday’s week on the Monday before', () => {
    expect(bucketStart(new Date('2024-05-12T23:00:00.000Z'), 'week').toISOString()).toBe(
      '2024-05-06T00:00:00.000Z',
    );
  });
});

describe('bucketRange', () => {
  it('covers both ends, across month and year boundaries', () => {
    expect(
      bucketRange(new Date('2023-11-15T00:00:00Z'), new Date('2024-02-01T00:00:00Z'), 'month'),
    ).toEqual([
      '2023-11-01T00:00:00.000Z',
      '2023-12-01T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
      '2024-02-01T00:00:00.000Z',
    ]);
  });

  it('handles 29 February in daily buckets', () => {
    expect(
      bucketRange(new Date('2024-02-28T10:00:00Z'), new Date('2024-03-01T10:00:00Z'), 'day'),
    ).toEqual(['2024-02-28T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
  });
});

describe('aggregateScans', () => {
  const from = new Date('2024-05-01T00:00:00.000Z');
  const to = new Date('2024-05-03T23:59:59.999Z');

  it('fills empty buckets with zeros and sums scans and unique visitors', () => {
    const result = aggregateScans(
      [
        row('2024-05-01T10:00:00.000Z', { isUnique: 1 }),
        row('2024-05-01T11:00:00.000Z', { isUnique: true }),
        row('2024-05-03T23:59:59.999Z'),
      ],
      from,
      to,
    );
    expect(result.meta.granularity).toBe('day');
    expect(result.data.map((point) => [point.scans, point.uniqueVisitors])).toEqual([
      [2, 2],
      [0, 0],
      [1, 0],
    ]);
    expect(result.meta.total).toBe(3);
    expect(result.meta.uniqueVisitors).toBe(2);
  });

  it('ignores rows outside the range and unreadable times', () => {
    const result = aggregateScans(
      [
        row('2024-04-30T23:59:59.999Z'),
        row('2024-05-04T00:00:00.000Z'),
        row('not a date'),
        // A non-canonical but valid time is normalised.
        row('2024-05-02 12:00:00Z'),
      ],
      from,
      to,
    );
    expect(result.meta.total).toBe(1);
    expect(result.data[1].scans).toBe(1);
  });

  it('counts missing or blank details as unknown', () => {
    const result = aggregateScans(
      [row('2024-05-01T10:00:00.000Z', { device: null, country: '  ', referrer: 'x.com' })],
      from,
      to,
    );
    expect(result.meta.byDevice).toEqual([{ key: 'unknown', scans: 1 }]);
    expect(result.meta.byCountry).toEqual([{ key: 'unknown', scans: 1 }]);
    expect(result.meta.byReferrer).toEqual([{ key: 'x.com', scans: 1 }]);
  });

  it('gives an empty range zero buckets of data but never a missing bucket', () => {
    const result = aggregateScans([], from, to);
    expect(result.data).toHaveLength(3);
    expect(result.meta.total).toBe(0);
    expect(result.meta.byOs).toEqual([]);
  });

  it('adds rows chunk by chunk with the same result as all at once', () => {
    const rows = Array.from({ length: 50 }, (_, index) =>
      row(new Date(Date.UTC(2024, 0, 1 + index * 7, index % 24)).toISOString(), {
        isUnique: index % 3 === 0 ? 1 : 0,
        os: index % 2 ? 'iOS' : 'Android',
      }),
    );
    const range = [new Date('2024-01-01T00:00:00Z'), new Date('2024-12-30T00:00:00Z')] as const;
    const chunked = new ScanAggregator(...range);
    for (let index = 0; index < rows.length; index += 7)
      chunked.addAll(rows.slice(index, index + 7));
    expect(chunked.result()).toEqual(aggregateScans(rows, ...range));
    expect(chunked.granularity).toBe('month');
    expect(chunked.result().data.reduce((sum, point) => sum + point.scans, 0)).toBe(
      rows.filter((r) => r.scannedAt <= '2024-12-30T00:00:00.000Z').length,
    );
  });

  it('puts week buckets on Mondays', () => {
    const result = aggregateScans(
      [row('2024-05-05T10:00:00.000Z'), row('2024-05-06T00:00:00.000Z')],
      new Date('2024-05-01T00:00:00Z'),
      new Date('2024-05-31T00:00:00Z'),
    );
    expect(result.meta.granularity).toBe('week');
    expect(result.data.slice(0, 2)).toEqual([
      { bucket: '2024-04-29T00:00:00.000Z', scans: 1, uniqueVisitors: 0 },
      { bucket: '2024-05-06T00:00:00.000Z', scans: 1, uniqueVisitors: 0 },
    ]);
  });
});

describe('sortBreakdown', () => {
  it('orders by count, then by key', () => {
    expect(
      sortBreakdown(
        new Map([
          ['b', 1],
          ['a', 1],
          ['c', 5],
        ]),
      ),
    ).toEqual([
      { key: 'c', scans: 5 },
      { key: 'a', scans: 1 },
      { key: 'b', scans: 1 },
    ]);
  });
});

describe('timeseriesQuerySchema', () => {
  const projectId = '01HZY8Q4J8M7V0K2T3R5N6P7QA';

  it('defaults to the last 30 days', () => {
    const before = Date.now();
    const query = timeseriesQuerySchema.parse({ projectId });
    expect(query.to.getTime()).toBeGreaterThanOrEqual(before);
    expect(query.to.getTime() - query.from.getTime()).toBe(30 * 86_400_000);
  });

  it('reads a date-only "to" as the end of that day', () => {
    const query = timeseriesQuerySchema.parse({ projectId, from: '2024-05-01', to: '2024-05-01' });
    expect(query.from.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(query.to.toISOString()).toBe('2024-05-01T23:59:59.999Z');
  });

  it('accepts offsets', () => {
    const query = timeseriesQuerySchema.parse({ projectId, from: '2024-05-01T02:00:00+02:00' });
    expect(query.from.toISOString()).toBe('2024-05-01T00:00:00.000Z');
  });

  it('refuses an end before the start', () => {
    const result = timeseriesQuerySchema.safeParse({
      projectId,
      from: '2024-05-02',
      to: '2024-05-01',
    });
    expect(result.success).toBe(false);
  });
});
