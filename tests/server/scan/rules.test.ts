// The pure smart-code decision (scan/rules.ts): each condition at its boundaries, time windows
// across midnight and across Europe/Amsterdam's daylight-saving switches, the order of protection,
// rules and split, and the split's shares over 10,000 visitors.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smartFieldsSchema, type ActionContent } from '../../../src/shared/schemas/action.js';
import {
  compileSmart,
  decide,
  preferredLanguage,
  splitBucket,
  type Visitor,
} from '../../../src/server/scan/rules.js';
import { visitorHash } from '../../../src/server/scan/visitor.js';

const ZONE = 'Europe/Amsterdam';
const link = (url: string): ActionContent => ({ objectType: 'link', data: { link: url } });
const OWN = link('https://own.example/');
const HIT = link('https://hit.example/');

const visitor = (patch: Partial<Visitor> = {}): Visitor => ({
  country: null,
  device: 'desktop',
  os: 'Windows',
  language: null,
  at: new Date('2026-06-01T12:00:00Z'),
  scanNumber: 1,
  bucket: 0,
  ageConfirmed: false,
  unlocked: false,
  ...patch,
});

function oneRule(condition: unknown, extra: Record<string, unknown> = {}) {
  const fields = smartFieldsSchema.parse({
    rules: [{ name: 'R', conditions: [condition], target: HIT }],
    ...extra,
  });
  return compileSmart(fields, null, false, ZONE);
}

const hits = (smart: ReturnType<typeof oneRule>, v: Partial<Visitor>) => {
  const decision = decide(smart, OWN, visitor(v));
  return decision.kind === 'content' && decision.rule !== null;
};

describe('conditions', () => {
  it('country, device, OS (any case), language, and negation', () => {
    expect(hits(oneRule({ type: 'country', values: ['NL'] }), { country: 'NL' })).toBe(true);
    expect(hits(oneRule({ type: 'country', values: ['NL'] }), { country: null })).toBe(false);
    expect(
      hits(oneRule({ type: 'country', values: ['NL'], negate: true }), { country: 'DE' }),
    ).toBe(true);
    expect(hits(oneRule({ type: 'device', values: ['tablet'] }), { device: 'tablet' })).toBe(true);
    expect(hits(oneRule({ type: 'os', values: ['ios'] }), { os: 'iOS' })).toBe(true);
    expect(hits(oneRule({ type: 'os', values: ['Android'] }), { os: 'iOS' })).toBe(false);
    expect(hits(oneRule({ type: 'language', values: ['nl'] }), { language: 'nl' })).toBe(true);
  });

  it('scan number: first N and after N at N-1, N, N+1', () => {
    const first = oneRule({ type: 'scanNumber', mode: 'first', n: 100 });
    const after = oneRule({ type: 'scanNumber', mode: 'after', n: 100 });
    expect([99, 100, 101].map((scanNumber) => hits(first, { scanNumber }))).toEqual([
      true,
      true,
      false,
    ]);
    expect([99, 100, 101].map((scanNumber) => hits(after, { scanNumber }))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('date: from inclusive, to exclusive', () => {
    const smart = oneRule({
      type: 'date',
      from: '2026-01-01T00:00:00Z',
      to: '2026-02-01T00:00:00Z',
    });
    const at = (iso: string) => hits(smart, { at: new Date(iso) });
    expect(at('2025-12-31T23:59:59Z')).toBe(false);
    expect(at('2026-01-01T00:00:00Z')).toBe(true);
    expect(at('2026-01-31T23:59:59Z')).toBe(true);
    expect(at('2026-02-01T00:00:00Z')).toBe(false);
  });

  it('time: a plain window, whole day (from = to), and the days it names', () => {
    const office = oneRule({ type: 'time', days: ['mon'], from: '09:00', to: '17:00' });
    // Monday 1 June 2026, CEST (UTC+2).
    const at = (iso: string) => hits(office, { at: new Date(iso) });
    expect(at('2026-06-01T06:59:00Z')).toBe(false);
    expect(at('2026-06-01T07:00:00Z')).toBe(true);
    expect(at('2026-06-01T14:59:00Z')).toBe(true);
    expect(at('2026-06-01T15:00:00Z')).toBe(false);
    expect(at('2026-06-02T08:00:00Z')).toBe(false); // Tuesday
    const allDay = oneRule({ type: 'time', days: ['mon'], from: '00:00', to: '00:00' });
    expect(hits(allDay, { at: new Date('2026-05-31T22:00:00Z') })).toBe(true); // Mon 00:00
    expect(hits(allDay, { at: new Date('2026-06-01T21:59:00Z') })).toBe(true); // Mon 23:59
    expect(hits(allDay, { at: new Date('2026-06-01T22:00:00Z') })).toBe(false); // Tue 00:00
  });

  it('time across midnight on the night of the spring DST switch (Sat 28 → Sun 29 March 2026)', () => {
    const night = oneRule({ type: 'time', days: ['sat'], from: '22:00', to: '04:00' });
    const at = (iso: string) => hits(night, { at: new Date(iso) });
    expect(at('2026-03-28T20:59:00Z')).toBe(false); // 21:59 CET
    expect(at('2026-03-28T21:00:00Z')).toBe(true); // 22:00 CET
    expect(at('2026-03-29T00:59:00Z')).toBe(true); // 01:59 CET
    expect(at('2026-03-29T01:00:00Z')).toBe(true); // 03:00 CEST (02:00 is skipped)
    expect(at('2026-03-29T01:59:00Z')).toBe(true); // 03:59 CEST
    expect(at('2026-03-29T02:00:00Z')).toBe(false); // 04:00 CEST
    expect(at('2026-03-29T20:00:00Z')).toBe(false); // Sunday 22:00: not named
  });

  it('time across the autumn DST switch (Sun 25 October 2026): the repeated hour counts twice', () => {
    const early = oneRule({ type: 'time', days: ['sun'], from: '02:00', to: '03:00' });
    const at = (iso: string) => hits(early, { at: new Date(iso) });
    expect(at('2026-10-24T23:59:00Z')).toBe(false); // 01:59 CEST
    expect(at('2026-10-25T00:00:00Z')).toBe(true); // 02:00 CEST
    expect(at('2026-10-25T01:00:00Z')).toBe(true); // 02:00 CET, the second time
    expect(at('2026-10-25T01:59:00Z')).toBe(true); // 02:59 CET
    expect(at('2026-10-25T02:00:00Z')).toBe(false); // 03:00 CET
  });
});

describe('order', () => {
  const fields = (extra: Record<string, unknown>) =>
    smartFieldsSchema.parse({
      rules: [{ name: 'NL', conditions: [{ type: 'country', values: ['NL'] }], target: HIT }],
      ...extra,
    });

  it('first matching rule wins, else the split, else the Action', () => {
    const smart = compileSmart(
      smartFieldsSchema.parse({
        rules: [
          { name: 'A', conditions: [{ type: 'country', values: ['NL'] }], target: HIT },
          { name: 'B', conditions: [{ type: 'country', values: ['NL'] }], target: OWN },
        ],
      }),
      null,
      false,
      ZONE,
    );
    expect(decide(smart, OWN, visitor({ country: 'NL' }))).toMatchObject({
      rule: { index: 0, name: 'A' },
    });
    expect(decide(smart, OWN, visitor())).toMatchObject({ rule: null, content: OWN });
  });

  it('expiry and the cap come before the gates; the fallback when set, else unavailable', () => {
    const capped = compileSmart(fields({ protection: { scanCap: 3 } }), 'hash', false, ZONE);
    expect(decide(capped, OWN, visitor({ scanNumber: 3 }))).toEqual({ kind: 'password' });
    expect(decide(capped, OWN, visitor({ scanNumber: 4 }))).toEqual({
      kind: 'unavailable',
      reason: 'scanCap',
    });
    const fallback = link('https://later.example/');
    const expired = compileSmart(
      fields({ protection: { expiresAt: '2026-01-01T00:00:00Z', ageGate: true }, fallback }),
      null,
      false,
      ZONE,
    );
    expect(decide(expired, OWN, visitor())).toMatchObject({ content: fallback, fallback: true });
    expect(decide(expired, OWN, visitor({ at: new Date('2025-12-31T23:00:00Z') }))).toEqual({
      kind: 'ageGate',
    });
  });

  it('an unhealthy destination uses the fallback only when there is one', () => {
    const fallback = link('https://backup.example/');
    expect(
      decide(compileSmart(fields({ fallback }), null, true, ZONE), OWN, visitor()),
    ).toMatchObject({ content: fallback, fallback: true });
    expect(decide(compileSmart(fields({}), null, true, ZONE), OWN, visitor())).toMatchObject({
      content: OWN,
    });
  });
});

describe('split', () => {
  it('gives each variant its share of 10,000 visitors within ±2 %', () => {
    const percents = [10, 20, 30, 40];
    const smart = compileSmart(
      smartFieldsSchema.parse({
        split: percents.map((percent, i) => ({
          percent,
          target: link(`https://v${i}.example/`),
        })),
      }),
      null,
      false,
      ZONE,
    );
    const seed = randomInt(2 ** 31);
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const bucket = splitBucket(visitorHash(seed, ip, 'Mozilla/5.0'));
      const decision = decide(smart, OWN, visitor({ bucket }));
      const variant = decision.kind === 'content' ? decision.variant! : '?';
      counts.set(variant, (counts.get(variant) ?? 0) + 1);
    }
    percents.forEach((percent, i) => {
      const share = (counts.get(String.fromCharCode(65 + i)) ?? 0) / 100;
      expect(Math.abs(share - percent), `variant ${i}: ${share} %`).toBeLessThanOrEqual(2);
    });
  });

  it('is the same for the same visitor and seed', () => {
    const hash = visitorHash(42, '1.2.3.4', 'UA');
    expect(splitBucket(hash)).toBe(splitBucket(visitorHash(42, '1.2.3.4', 'UA')));
  });
});

describe('preferredLanguage', () => {
  it.each([
    ['nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    ['en;q=0.5, de-AT', 'de'],
    ['*', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});
