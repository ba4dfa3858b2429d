import { describe, expect, it } from 'vitest';
import {
  ALWAYS_ACTIVE,
  activityPhaseAt,
  addUnits,
  isActionActiveAt,
  startOfZonedDay,
  type Activity,
} from '../../src/shared/activity.js';

const at = (iso: string) => new Date(iso);
const activity = (patch: Partial<Activity>): Activity => ({ ...ALWAYS_ACTIVE, ...patch });

describe('isActionActiveAt', () => {
  it('always is always active', () => {
    expect(isActionActiveAt(ALWAYS_ACTIVE, at('1970-01-01T00:00:00Z'))).toBe(true);
  });

  const period = activity({
    mode: 'period',
    start: '2025-06-01T10:00:00.000Z',
    end: '2025-06-10T18:00:00.000Z',
  });
  it.each([
    ['just before start', '2025-06-01T09:59:59.999Z', false],
    ['at start', '2025-06-01T10:00:00.000Z', true],
    ['inside', '2025-06-05T00:00:00.000Z', true],
    ['just before end', '2025-06-10T17:59:59.999Z', true],
    ['at end (end is exclusive)', '2025-06-10T18:00:00.000Z', false],
    ['after end', '2025-06-11T00:00:00.000Z', false],
  ])('period: %s', (_n, when, expected) => {
    expect(isActionActiveAt(period, at(when))).toBe(expected);
  });

  it('noEndDate keeps it active after the end', () => {
    expect(isActionActiveAt({ ...period, noEndDate: true }, at('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('showBeforeActive shows it before the start, not after the end', () => {
    const teaser = { ...period, showBeforeActive: true };
    expect(activityPhaseAt(teaser, at('2025-05-01T00:00:00Z'))).toBe('before');
    expect(isActionActiveAt(teaser, at('2025-05-01T00:00:00Z'))).toBe(true);
    expect(isActionActiveAt(teaser, at('2025-07-01T00:00:00Z'))).toBe(false);
  });

  // Amsterdam is UTC+2 in summer: the local day 2025-06-01 runs 2025-05-31T22:00Z … 2025-06-01T22:00Z.
  const wholeDay = activity({
    mode: 'period',
    wholeDay: true,
    start: '2025-06-01T12:00:00Z',
    end: '2025-06-01T12:00:00Z',
    timeZone: 'Europe/Amsterdam',
  });
  it.each([
    ['before local midnight', '2025-05-31T21:59:59.999Z', false],
    ['at local midnight', '2025-05-31T22:00:00.000Z', true],
    ['late in the day', '2025-06-01T21:59:59.999Z', true],
    ['next local day', '2025-06-01T22:00:00.000Z', false],
  ])('whole day: %s', (_n, when, expected) => {
    expect(isActionActiveAt(wholeDay, at(when))).toBe(expected);
  });

  // Every week, for 2 days, from Friday 2025-06-06 18:00Z, until 2025-07-01.
  const weekends = activity({
    mode: 'interval',
    start: '2025-06-06T18:00:00Z',
    end: '2025-07-01T00:00:00Z',
    interval: { every: 1, unit: 'weeks', duration: 2, durationUnit: 'days' },
  });
  it.each([
    ['before the first', '2025-06-06T17:59:59Z', false],
    ['first start', '2025-06-06T18:00:00Z', true],
    ['first window end', '2025-06-08T18:00:00Z', false],
    ['between windows', '2025-06-10T12:00:00Z', false],
    ['second window', '2025-06-14T12:00:00Z', true],
    ['fourth window', '2025-06-28T12:00:00Z', true],
    ['after the end', '2025-07-04T19:00:00Z', false],
  ])('interval weeks: %s', (_n, when, expected) => {
    expect(isActionActiveAt(weekends, at(when))).toBe(expected);
  });

  it('interval months keeps the day of month, clamped', () => {
    const monthly = activity({
      mode: 'interval',
      start: '2025-01-31T00:00:00Z',
      noEndDate: true,
      interval: { every: 1, unit: 'months', duration: 1, durationUnit: 'days' },
    });
    expect(isActionActiveAt(monthly, at('2025-02-28T12:00:00Z'))).toBe(true);
    expect(isActionActiveAt(monthly, at('2025-03-01T12:00:00Z'))).toBe(false);
    expect(isActionActiveAt(monthly, at('2025-03-31T12:00:00Z'))).toBe(true);
    expect(activityPhaseAt(monthly, at('2025-03-15T00:00:00Z'))).toBe('between');
  });

  it('interval years', () => {
    const yearly = activity({
      mode: 'interval',
      start: '2024-12-24T00:00:00Z',
      noEndDate: true,
      interval: { every: 1, unit: 'years', duration: 3, durationUnit: 'days' },
    });
    expect(isActionActiveAt(yearly, at('2026-12-26T23:00:00Z'))).toBe(true);
    expect(isActionActiveAt(yearly, at('2026-12-27T00:00:00Z'))).toBe(false);
  });

  it('unreadable dates are never active', () => {
    expect(
      isActionActiveAt(activity({ mode: 'period', start: 'garbage', end: null }), new Date()),
    ).toBe(false);
  });
});

describe('date helpers', () => {
  it('addUnits clamps months', () => {
    expect(new Date(addUnits(Date.parse('2024-01-31T05:00:00Z'), 1, 'months')).toISOString()).toBe(
      '2024-02-29T05:00:00.000Z',
    );
    expect(new Date(addUnits(Date.parse('2024-02-29T00:00:00Z'), 1, 'years')).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
  });

  it('startOfZonedDay handles winter and summer time', () => {
    expect(
      new Date(
        startOfZonedDay(Date.parse('2025-01-15T12:00:00Z'), 'Europe/Amsterdam'),
      ).toISOString(),
    ).toBe('2025-01-14T23:00:00.000Z');
    expect(
      new Date(
        startOfZonedDay(Date.parse('2025-03-30T12:00:00Z'), 'Europe/Amsterdam', 1),
      ).toISOString(),
    ).toBe('2025-03-30T22:00:00.000Z');
    expect(new Date(startOfZonedDay(Date.parse('2025-06-01T12:00:00Z'), 'UTC')).toISOString()).toBe(
      '2025-06-01T00:00:00.000Z',
    );
  });
});
