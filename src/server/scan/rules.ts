// Smart codes (issue 16) on the scan path: an Action's rules, split, protection and fallback are
// compiled once per cache entry (compileSmart) and decided per scan by ONE pure function
// (decide), which the simulator (POST …/actions/{id}/simulate) calls too. No I/O here: the caller
// hands over what it knows of the visitor (country, user agent facts, language, scan number).
import type { ActionContent } from '../../shared/schemas/action.js';
import {
  WEEKDAYS,
  type ProtectionInput,
  type RuleCondition,
  type SmartActionFields,
} from '../../shared/schemas/rules.js';
import { localParts } from '../../shared/timeZone.js';
import { resolveTarget, type LandingPage } from './target.js';

export type SmartFields = SmartActionFields<ActionContent>;

export interface CompiledCondition {
  negate: boolean;
  test: (visitor: Visitor) => boolean;
}

interface CompiledRule {
  index: number;
  name: string;
  conditions: CompiledCondition[];
  target: ActionContent;
}

interface CompiledVariant {
  name: string;
  /** Exclusive upper bound of the variant's buckets (0–99), cumulative. */
  upTo: number;
  target: ActionContent;
}

/** What a cache entry keeps of an Action's smart fields. */
export interface CompiledSmart {
  rules: CompiledRule[];
  split: CompiledVariant[] | null;
  scanCap: number | null;
  expiresAtMs: number | null;
  ageGate: boolean;
  /** The stored password hash (scrypt, services/passwords); null when there is none. */
  passwordHash: string | null;
  fallback: ActionContent | null;
  /** The destination health checker found the destination failing (actions.destination_unhealthy_at). */
  unhealthy: boolean;
  /** The project's time zone: time conditions read its wall clock. */
  timeZone: string;
  /** Which visitor facts the decision reads, so the scan path computes only those. */
  needs: { country: boolean; agent: boolean; language: boolean; scanNumber: boolean };
  /** Nothing smart at all: the scan path skips the decision. */
  isPlain: boolean;
}

/** What is known of the visitor (the simulator fills it from its input). */
export interface Visitor {
  country: string | null;
  device: string;
  os: string | null;
  /** Primary subtag of the preferred language, lower case ('nl'), or null. */
  language: string | null;
  at: Date;
  /** The number this scan would have among the code's counted scans (1 for the first). */
  scanNumber: number;
  /** 0–99: the visitor's split bucket (splitBucket), sticky for a day. */
  bucket: number;
  /** The visitor confirmed the age gate / unlocked the password (cookies). */
  ageConfirmed: boolean;
  unlocked: boolean;
}

export interface ServedRule {
  index: number;
  name: string;
}

export type Decision =
  | {
      kind: 'content';
      content: ActionContent;
      /** The rule that fired (its name and position), or null. */
      rule: ServedRule | null;
      /** The split variant that served, or null. */
      variant: string | null;
      /** Served from the fallback (expired, capped or unhealthy destination). */
      fallback: boolean;
    }
  | { kind: 'unavailable'; reason: 'expired' | 'scanCap' }
  | { kind: 'ageGate' }
  | { kind: 'password' };

const WEEKDAY_INDEX = new Map<string, number>(WEEKDAYS.map((day, index) => [day, index]));
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** One condition as a predicate over the visitor (negation applied by the caller). */
export function compileCondition(condition: RuleCondition, timeZone: string): CompiledCondition {
  const negate = condition.negate;
  switch (condition.type) {
    case 'country': {
      const values = new Set(condition.values);
      return { negate, test: (v) => v.country !== null && values.has(v.country) };
    }
    case 'device': {
      const values = new Set<string>(condition.values);
      return { negate, test: (v) => values.has(v.device) };
    }
    case 'os': {
      const values = new Set(condition.values.map((os) => os.toLowerCase()));
      return { negate, test: (v) => v.os !== null && values.has(v.os.toLowerCase()) };
    }
    case 'language': {
      const values = new Set(condition.values);
      return { negate, test: (v) => v.language !== null && values.has(v.language) };
    }
    case 'time': {
      const days = new Set(condition.days.map((day) => WEEKDAY_INDEX.get(day) ?? -1));
      const from = minutesOf(condition.from);
      const to = minutesOf(condition.to);
      // Scans of one minute share its answer: the zone's wall clock (Intl) is the costly part.
      let minute = NaN;
      let answer = false;
      return {
        negate,
        test: (v) => {
          const current = Math.floor(v.at.getTime() / 60_000);
          if (current !== minute) {
            answer = inTimeWindow(v.at, timeZone, days, from, to);
            minute = current;
          }
          return answer;
        },
      };
    }
    case 'date': {
      const from = condition.from ? Date.parse(condition.from) : -Infinity;
      const to = condition.to ? Date.parse(condition.to) : Infinity;
      return {
        negate,
        test: (v) => {
          const at = v.at.getTime();
          return at >= from && at < to;
        },
      };
    }
    case 'scanNumber': {
      const n = condition.n;
      return condition.mode === 'first'
        ? { negate, test: (v) => v.scanNumber <= n }
        : { negate, test: (v) => v.scanNumber > n };
    }
  }
}

/**
 * Whether the local wall-clock time at `at` falls in [from, to) on one of `days` (0 = Monday).
 * A window with to < from crosses midnight: its early hours belong to the day before. from = to
 * is the whole day.
 */
export function inTimeWindow(
  at: Date,
  timeZone: string,
  days: ReadonlySet<number>,
  from: number,
  to: number,
): boolean {
  const local = localParts(at.getTime(), timeZone);
  const minute = local.hour * 60 + local.minute;
  if (from === to) return days.has(local.weekday);
  if (from < to) return days.has(local.weekday) && minute >= from && minute < to;
  if (minute >= from) return days.has(local.weekday);
  return minute < to && days.has((local.weekday + 6) % 7);
}

/** Variant names: its own, else A, B, C… by position. */
export const variantName = (name: string | null, index: number) =>
  name ?? String.fromCharCode(65 + index);

export function compileSmart(
  fields: SmartFields,
  passwordHash: string | null,
  unhealthy: boolean,
  timeZone: string,
): CompiledSmart {
  const rules = fields.rules.map((rule, index) => ({
    index,
    name: rule.name,
    conditions: rule.conditions.map((c) => compileCondition(c, timeZone)),
    target: rule.target,
  }));
  let upTo = 0;
  const split = fields.split
    ? fields.split.map((variant, index) => {
        upTo += variant.percent;
        return { name: variantName(variant.name, index), upTo, target: variant.target };
      })
    : null;
  const types = new Set(fields.rules.flatMap((rule) => rule.conditions.map((c) => c.type)));
  const protection: ProtectionInput = fields.protection;
  const scanCap = protection.scanCap ?? null;
  const expiresAtMs = protection.expiresAt ? Date.parse(protection.expiresAt) : null;
  const ageGate = protection.ageGate;
  return {
    rules,
    split,
    scanCap,
    expiresAtMs,
    ageGate,
    passwordHash,
    fallback: fields.fallback,
    unhealthy,
    timeZone,
    needs: {
      country: types.has('country'),
      agent: types.has('device') || types.has('os'),
      language: types.has('language'),
      scanNumber: types.has('scanNumber') || scanCap !== null,
    },
    isPlain:
      rules.length === 0 &&
      !split &&
      scanCap === null &&
      expiresAtMs === null &&
      !ageGate &&
      !passwordHash &&
      !(unhealthy && fields.fallback),
  };
}

const matches = (rule: CompiledRule, visitor: Visitor) =>
  rule.conditions.every((c) => c.test(visitor) !== c.negate);

/**
 * What one scan gets, in this order: expiry and scan cap (the fallback, or "no longer
 * available"); a failing destination (the fallback, when there is one); the age gate; the
 * password; the rules (first match wins); the split; the Action itself.
 */
export function decide(smart: CompiledSmart, own: ActionContent, visitor: Visitor): Decision {
  const served = (
    content: ActionContent,
    rule: ServedRule | null = null,
    variant: string | null = null,
    fallback = false,
  ): Decision => ({ kind: 'content', content, rule, variant, fallback });

  const expired = smart.expiresAtMs !== null && visitor.at.getTime() >= smart.expiresAtMs;
  const capped = smart.scanCap !== null && visitor.scanNumber > smart.scanCap;
  if (expired || capped) {
    return smart.fallback
      ? served(smart.fallback, null, null, true)
      : { kind: 'unavailable', reason: expired ? 'expired' : 'scanCap' };
  }
  if (smart.unhealthy && smart.fallback) return served(smart.fallback, null, null, true);
  if (smart.ageGate && !visitor.ageConfirmed) return { kind: 'ageGate' };
  if (smart.passwordHash && !visitor.unlocked) return { kind: 'password' };
  for (const rule of smart.rules) {
    if (matches(rule, visitor)) return served(rule.target, { index: rule.index, name: rule.name });
  }
  if (smart.split) {
    const variant = smart.split.find((v) => visitor.bucket < v.upTo) ?? smart.split.at(-1)!;
    return served(variant.target, null, variant.name);
  }
  return served(own);
}

/**
 * The visitor's split bucket (0–99) from the visitor hash under the day's seed (visitor.ts
 * visitorHash): the same person gets the same variant all day, and no one can be followed across
 * days.
 */
export function splitBucket(hash: number): number {
  return hash % 100;
}

/** The primary subtag of the most preferred language of an Accept-Language header. */
export function preferredLanguage(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  let best: string | null = null;
  let bestQ = 0;
  for (const part of acceptLanguage.split(',').slice(0, 20)) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!/^[a-z]{2,3}$/.test(primary)) continue;
    const qText = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const q = qText ? Number(qText) : 1;
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

/** The pages a smart decision can show besides an Action's own landing pages. */
export type GatePage = 'ageGate' | 'password' | 'unavailable' | 'notActive';

/** What a scan answers, as the simulator reports it and the scan path sends it. */
export type Outcome =
  | { kind: 'redirect'; status: 302; location: string }
  | { kind: 'page'; status: number; page: LandingPage | GatePage; content: ActionContent | null };

/** The answer for a decision: the target's redirect or page, or a gate's page (status included). */
export function outcomeOf(decision: Decision, os: string | null): Outcome {
  switch (decision.kind) {
    case 'ageGate':
    case 'password':
      return { kind: 'page', status: 200, page: decision.kind, content: null };
    case 'unavailable':
      return { kind: 'page', status: 410, page: 'unavailable', content: null };
    case 'content': {
      const target = resolveTarget(decision.content, os);
      if (target.kind === 'redirect') {
        return { kind: 'redirect', status: 302, location: target.location };
      }
      if (target.kind === 'page') {
        return { kind: 'page', status: 200, page: target.page, content: decision.content };
      }
      return { kind: 'page', status: 200, page: 'notActive', content: null };
    }
  }
}
