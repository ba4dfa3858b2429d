// The range presets count whole days where the project is: just after midnight in Amsterdam it is
// already the next day there, while UTC is still on the day before.
import { describe, expect, it } from 'vitest';
import { localDateInput, presetRange } from '../../../src/dashboard/statistics/ranges';

describe('presetRange', () => {
  // Saturday 17 January 2026, 00:30 in Amsterdam; Friday 23:30 in UTC.
  const now = new Date('2026-01-16T23:30:00.000Z');

  it('counts back from today in the project’s zone', () => {
    expect(presetRange('7d', 'Europe/Amsterdam', now)).toEqual({
      from: '2026-01-11',
      to: now.toISOString(),
    });
    expect(presetRange('7d', 'UTC', now).from).toBe('2026-01-10');
    expect(presetRange('30d', 'Europe/Amsterdam', now).from).toBe('2025-12-19');
    expect(presetRange('90d', 'America/New_York', now).from).toBe('2025-10-19');
  });

  it('starts 12 months on the first of the month eleven months before this one, locally', () => {
    const newYear = new Date('2025-12-31T23:30:00.000Z');
    expect(presetRange('12m', 'Europe/Amsterdam', newYear).from).toBe('2025-02-01');
    expect(presetRange('12m', 'UTC', newYear).from).toBe('2025-01-01');
  });

  it('gives the custom range’s default days in the zone too', () => {
    expect(localDateInput('Europe/Amsterdam', 0, now)).toBe('2026-01-17');
    expect(localDateInput('Pacific/Honolulu', 0, now)).toBe('2026-01-16');
  });
});
