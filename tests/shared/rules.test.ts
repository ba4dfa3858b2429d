import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  analyticsGranularity,
  fitsWithin,
  formatStorage,
  limitLevel,
  storageBanner,
  stripIds,
  trialCountdown,
} from '../../src/shared/rules.js';

describe('limitLevel (80 % / 100 %, -1 unlimited)', () => {
  it.each([
    [0, 100, 'info'],
    [79, 100, 'info'],
    [80, 100, 'warning'],
    [99, 100, 'warning'],
    [100, 100, 'error'],
    [150, 100, 'error'],
    [1_000_000, -1, 'info'],
    [0, 0, 'error'],
  ] as const)('%i of %i → %s', (used, total, level) => {
    expect(limitLevel(used, total)).toBe(level);
  });

  it.each([
    [10, 100, null],
    [85, 100, 'almostReached'],
    [100, 100, 'reached'],
  ] as const)('storage banner for %i of %i → %s', (used, total, banner) => {
    expect(storageBanner(used, total)).toBe(banner);
  });

  it.each([
    [9, 10, 1, true],
    [10, 10, 1, false],
    [10, -1, 5, true],
  ] as const)('fitsWithin(%i, %i, %i) → %s', (used, total, extra, fits) => {
    expect(fitsWithin(used, total, extra)).toBe(fits);
  });
});

describe('trialCountdown', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const plus = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
  it.each([
    [14 * 24, { unit: 'days', value: 14 }],
    // A trial made a moment ago still says 14 days: the countdown rounds up.
    [14 * 24 - 0.01, { unit: 'days', value: 14 }],
    [24 * 2 + 5, { unit: 'days', value: 3 }],
    [25, { unit: 'days', value: 2 }],
    [24, { unit: 'hours', value: 24 }],
    [20, { unit: 'hours', value: 20 }],
    [5.5, { unit: 'hours', value: 6 }],
    [0.5, { unit: 'hours', value: 1 }],
    [0, { unit: 'expired' }],
    [-10, { unit: 'expired' }],
  ])('%f hours left → %j', (hours, expected) => {
    expect(trialCountdown(plus(hours), now)).toEqual(expected);
  });
});

describe('analyticsGranularity', () => {
  it.each([
    ['2025-01-01', '2026-01-02', 'year'],
    ['2025-01-01', '2025-03-01', 'month'],
    ['2025-01-01', '2025-01-20', 'week'],
    ['2025-01-01', '2025-01-10', 'day'],
    ['2025-01-01T08:00:00Z', '2025-01-01T20:00:00Z', 'hour'],
  ] as const)('%s → %s: %s', (from, to, granularity) => {
    expect(analyticsGranularity(from, to)).toBe(granularity);
  });
});

describe('formatStorage (KB = 1000 bytes)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1500, '1.5 KB'],
    [100_000_000, '100 MB'],
    [2_500_000_000, '2.5 GB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatStorage(bytes, 'en')).toBe(text);
  });

  it('uses the locale’s decimal separator', () => {
    expect(formatStorage(1500, 'nl')).toBe('1,5 KB');
  });
});

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.3K'],
    [999_999, '1M'],
    [999_900, '999.9K'],
    [1_000_000, '1M'],
    [2_450_000, '2.5M'],
  ])('%i → %s', (count, text) => {
    expect(abbreviateCount(count, 'en')).toBe(text);
  });

  it.each([
    [1250, '1,3K'],
    [999_900, '999,9K'],
    [2_450_000, '2,5M'],
    [12_345, '12,3K'],
    [999, '999'],
  ])('in Dutch %i → %s (decimal comma)', (count, text) => {
    expect(abbreviateCount(count, 'nl')).toBe(text);
  });
});

describe('stripIds', () => {
  it.each([
    ['/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV/qr-codes', '/projects/qr-codes'],
    ['/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV', '/projects'],
    ['/customer/01arz3ndektsv4rrffq69g5fav/details/edit', '/customer/details/edit'],
    ['/projects/short/qr-codes', '/projects/short/qr-codes'],
    ['/settings/profile', '/settings/profile'],
  ])('%s → %s', (path, stripped) => {
    expect(stripIds(path)).toBe(stripped);
  });
});
