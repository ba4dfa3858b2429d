// Smart codes (issue 16): the rules, A/B split, protection and fallback an Action carries, written
// once for the dashboard's editor and the API. The targets are full Action payloads ({ objectType,
// data }) checked by the same per-kind schemas as an Action's own data; action.ts hands its content
// schema in (smartActionFields) so this module does not import it back.
//
// Evaluation order on a scan (src/shared/smartRules.ts): protection (expiry, scan cap → fallback
// or "no longer available"; age gate; password) → rules, first match wins → split → the Action.
import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { isCountryCode } from '../countries.js';
import { addCustomIssue, issueParams } from '../validation.js';
import { requiredText, optionalText } from './common.js';

export const RULE_CONDITION_TYPES = [
  'country',
  'device',
  'os',
  'language',
  'time',
  'date',
  'scanNumber',
] as const;
export type RuleConditionType = (typeof RULE_CONDITION_TYPES)[number];

/** Device types as the statistics name them (src/server/scan/visitor.ts parseUserAgent). */
export const RULE_DEVICES = [
  'mobile',
  'tablet',
  'desktop',
  'console',
  'smarttv',
  'wearable',
  'embedded',
  'unknown',
] as const;

/** Common OS names as the statistics name them (ua-parser-js 1.x); others may be typed. */
export const RULE_OS_SUGGESTIONS = [
  'iOS',
  'Android',
  'Windows',
  'Mac OS',
  'Linux',
  'Chromium OS',
  'HarmonyOS',
] as const;

/** Days of the week, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RULES_MAX = 20;
export const CONDITIONS_MAX = 10;
export const VALUES_MAX = 250;
export const SPLIT_MIN = 2;
export const SPLIT_MAX = 5;
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 128;

/** 'HH:MM', 00:00–23:59. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const isoInstant = z.iso.datetime({ offset: true });
/** Every condition may be turned around: "country is not NL". */
const negate = z.boolean().default(false);

const countryCondition = z.object({
  type: z.literal('country'),
  /** ISO 3166-1 alpha-2, upper case. */
  values: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .refine(isCountryCode, { params: issueParams({ code: 'invalid' }) }),
    )
    .min(1)
    .max(VALUES_MAX),
  negate,
});

const deviceCondition = z.object({
  type: z.literal('device'),
  values: z.array(z.enum(RULE_DEVICES)).min(1).max(RULE_DEVICES.length),
  negate,
});

const osCondition = z.object({
  type: z.literal('os'),
  /** Compared without regard to case with the parsed OS name ('iOS', 'Android', 'Windows'…). */
  values: z.array(requiredText(64)).min(1).max(50),
  negate,
});

const languageCondition = z.object({
  type: z.literal('language'),
  /** Primary language subtags ('nl', 'en', 'de'): matches the browser's preferred language. */
  values: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2,3}$/),
    )
    .min(1)
    .max(50),
  negate,
});

const timeCondition = z.object({
  type: z.literal('time'),
  /** The days the window starts on; a window crossing midnight ends the next morning. */
  days: z.array(z.enum(WEEKDAYS)).min(1).max(7),
  /** Local time in the project's time zone, inclusive. */
  from: clockTime,
  /** Exclusive; earlier than `from` crosses midnight; equal to `from` means all day. */
  to: clockTime,
  negate,
});

const dateCondition = z
  .object({
    type: z.literal('date'),
    /** Inclusive; null is open. */
    from: isoInstant.nullish().transform((v) => v ?? null),
    /** Exclusive; null is open. */
    to: isoInstant.nullish().transform((v) => v ?? null),
    negate,
  })
  .superRefine((c, ctx) => {
    if (!c.from && !c.to) {
      addCustomIssue(ctx, ['from'], { code: 'required' }, 'from or to is required');
    }
    if (c.from && c.to && Date.parse(c.to) < Date.parse(c.from)) {
      addCustomIssue(
        ctx,
        ['to'],
        { code: 'date_after_or_equal', meta: { date: 'from' } },
        'The end date cannot be earlier than the start date',
      );
    }
  });

const scanNumberCondition = z.object({
  type: z.literal('scanNumber'),
  /** 'first': scans 1…n; 'after': scans n+1, n+2, … (counted scans of the code, bots excluded). */
  mode: z.enum(['first', 'after']),
  n: z.number().int().min(1).max(1_000_000_000),
  negate,
});

export const ruleConditionSchema = z.discriminatedUnion('type', [
  countryCondition,
  deviceCondition,
  osCondition,
  languageCondition,
  timeCondition,
  dateCondition,
  scanNumberCondition,
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;
export type RuleConditionInput = z.input<typeof ruleConditionSchema>;

/**
 * Protection as written: `password` plain (hashed before it is stored, never answered); null
 * removes it, leaving it out keeps the stored one. Answers carry `hasPassword` instead.
 */
export const protectionInputSchema = z.object({
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).nullish(),
  /** After this many counted scans the code shows the fallback or "no longer available". */
  scanCap: z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  /** From this instant on the code shows the fallback or "no longer available". */
  expiresAt: isoInstant.nullish().transform((v) => v ?? null),
  /** Visitors confirm they are 18 or older (remembered by a cookie). */
  ageGate: z.boolean().default(false),
});
export type ProtectionInput = z.infer<typeof protectionInputSchema>;

/** Protection as answered and as the scan path reads it (the hash stays on the server). */
export interface Protection {
  hasPassword: boolean;
  scanCap: number | null;
  expiresAt: string | null;
  ageGate: boolean;
}

export const NO_PROTECTION: ProtectionInput = {
  scanCap: null,
  expiresAt: null,
  ageGate: false,
};

/** The fields smart codes add to an Action, built around the Action's content schema. */
export function smartActionFields<C extends z.ZodType>(content: C) {
  const rule = z.object({
    name: requiredText(TEXT_MAX),
    /** All must hold (AND); several rules give OR. */
    conditions: z.array(ruleConditionSchema).min(1).max(CONDITIONS_MAX),
    target: content,
  });
  const variant = z.object({
    name: optionalText(TEXT_MAX),
    percent: z.number().int().min(1).max(99),
    target: content,
  });
  const split = z
    .array(variant)
    .min(SPLIT_MIN)
    .max(SPLIT_MAX)
    .superRefine((variants, ctx) => {
      const total = variants.reduce((sum, v) => sum + v.percent, 0);
      if (total !== 100) {
        addCustomIssue(
          ctx,
          [],
          { code: 'split_total', meta: { total } },
          'The percentages must add up to 100',
        );
      }
    });
  return {
    /** First match wins; none matching serves the Action itself (or the split). */
    rules: z.array(rule).max(RULES_MAX).default([]),
    /** A/B test of the Action itself: sticky per visitor for a day. */
    split: split.nullish().transform((v) => v ?? null),
    protection: protectionInputSchema.default(NO_PROTECTION),
    /** After the scan cap or expiry, and while the destination is unhealthy. */
    fallback: content.nullish().transform((v) => v ?? null),
  };
}

/** The fields in their parsed form, for a given content type. */
export interface SmartActionFields<C> {
  rules: { name: string; conditions: RuleCondition[]; target: C }[];
  split: { name: string | null; percent: number; target: C }[] | null;
  protection: ProtectionInput;
  fallback: C | null;
}

/** POST /projects/{pid}/actions/{id}/simulate: a made-up visitor (nothing is recorded). */
export const simulateInputSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { params: issueParams({ code: 'invalid' }) })
    .nullish()
    .transform((v) => v ?? null),
  userAgent: z.string().max(1000).default(''),
  /** An Accept-Language header or a single tag ('nl', 'en-GB'). */
  language: z.string().max(200).default(''),
  /** When the scan happens; now when left out. */
  at: isoInstant.nullish().transform((v) => v ?? null),
  /** The scan's number among the code's counted scans (1 for the first). */
  scanNumber: z.number().int().min(1).max(1_000_000_000).default(1),
  /** The visitor's split bucket, 0–99 (a real visitor's comes from the daily visitor hash). */
  bucket: z.number().int().min(0).max(99).default(0),
  /** The visitor already confirmed the age gate / unlocked the password. */
  ageConfirmed: z.boolean().default(false),
  unlocked: z.boolean().default(false),
});
export type SimulateInput = z.infer<typeof simulateInputSchema>;

/** The simulator's answer: the rule that fired, the HTTP status and where the scan would go. */
export interface SimulateResult {
  rule: { index: number; name: string } | null;
  variant: string | null;
  fallback: boolean;
  status: number;
  /** The redirect's URL, or `page:{name}` for a page (contact, ageGate, password, unavailable…). */
  location: string;
}
