import { describe, expect, it } from 'vitest';
import { actionInputSchema } from '../../src/shared/schemas/action.js';
import { ruleConditionSchema } from '../../src/shared/schemas/rules.js';
import { issueToApiError } from '../../src/shared/validation.js';

const link = (url: string) => ({ objectType: 'link', data: { link: url } });
const base = { name: 'Menu', ...link('https://example.com/') };

describe('smart code fields on an Action', () => {
  it('default to no rules, no split, no protection and no fallback', () => {
    const parsed = actionInputSchema.parse(base);
    expect(parsed.rules).toEqual([]);
    expect(parsed.split).toBeNull();
    expect(parsed.fallback).toBeNull();
    expect(parsed.protection).toEqual({ scanCap: null, expiresAt: null, ageGate: false });
  });

  it('validate a rule target with the per-kind schema of its objectType', () => {
    const result = actionInputSchema.safeParse({
      ...base,
      rules: [
        {
          name: 'Dutch',
          conditions: [{ type: 'country', values: ['nl'] }],
          target: link('javascript:alert(1)'),
        },
      ],
    });
    expect(result.success).toBe(false);
    const pointers = result.error!.issues.map((i) => issueToApiError(i).source?.pointer);
    expect(pointers).toContain('/rules/0/target/data/link');
  });

  it('upper-cases countries and refuses unknown ones', () => {
    expect(ruleConditionSchema.parse({ type: 'country', values: ['nl'] })).toMatchObject({
      values: ['NL'],
      negate: false,
    });
    expect(ruleConditionSchema.safeParse({ type: 'country', values: ['XX'] }).success).toBe(false);
  });

  it('accepts a split of 2 to 5 variants adding up to 100, else split_total', () => {
    const variants = (percents: number[]) =>
      percents.map((percent, i) => ({ percent, target: link(`https://example.com/${i}`) }));
    expect(actionInputSchema.safeParse({ ...base, split: variants([50, 50]) }).success).toBe(true);
    expect(
      actionInputSchema.safeParse({ ...base, split: variants([20, 20, 20, 20, 20]) }).success,
    ).toBe(true);
    expect(actionInputSchema.safeParse({ ...base, split: variants([100]) }).success).toBe(false);
    expect(
      actionInputSchema.safeParse({ ...base, split: variants([10, 10, 10, 10, 10, 50]) }).success,
    ).toBe(false);
    const wrong = actionInputSchema.safeParse({ ...base, split: variants([50, 40]) });
    expect(wrong.success).toBe(false);
    expect(issueToApiError(wrong.error!.issues[0]!)).toMatchObject({
      code: 'split_total',
      source: { pointer: '/split' },
      meta: { total: 90 },
    });
  });

  it('checks time, date and scan number conditions', () => {
    const ok = (c: unknown) => ruleConditionSchema.safeParse(c).success;
    expect(ok({ type: 'time', days: ['fri', 'sat'], from: '22:00', to: '02:00' })).toBe(true);
    expect(ok({ type: 'time', days: ['fri'], from: '24:00', to: '02:00' })).toBe(false);
    expect(ok({ type: 'time', days: [], from: '10:00', to: '12:00' })).toBe(false);
    expect(ok({ type: 'date', from: '2026-01-01T00:00:00Z', to: null })).toBe(true);
    expect(ok({ type: 'date', from: null, to: null })).toBe(false);
    expect(ok({ type: 'date', from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toBe(
      false,
    );
    expect(ok({ type: 'scanNumber', mode: 'first', n: 100 })).toBe(true);
    expect(ok({ type: 'scanNumber', mode: 'first', n: 0 })).toBe(false);
    expect(ok({ type: 'device', values: ['mobile', 'desktop'] })).toBe(true);
    expect(ok({ type: 'device', values: ['phone'] })).toBe(false);
    expect(ok({ type: 'language', values: ['NL', 'en'] })).toBe(true);
  });

  it('takes a plain password of 4 to 128 characters', () => {
    const parse = (password: unknown) =>
      actionInputSchema.safeParse({ ...base, protection: { password } }).success;
    expect(parse('abcd')).toBe(true);
    expect(parse('abc')).toBe(false);
    expect(parse(null)).toBe(true);
  });
});
