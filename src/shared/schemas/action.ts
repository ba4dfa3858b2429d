// The Action ("{product}") schemas of SPEC §3 with every rule of SPEC §5, written once for the
// dashboard's form and the API's validation. The API also runs data.text of a textArea through
// sanitizeRichText (src/shared/richText.ts) before storing it.
import { z } from 'zod';
import {
  EMAIL_ADDRESS_MAX,
  EMAIL_SUBJECT_MAX,
  LINK_MAX,
  PHONE_MAX,
  SOUND_SUBTITLE_MAX,
  TEXT_MAX,
} from '../constants.js';
import { ACTION_TYPES, ACTIVE_INTERVAL_UNITS, type ActionType } from '../enums.js';
import { ulidSchema } from '../ids.js';
import { ACTIVITY_MODES, ALWAYS_ACTIVE, DEFAULT_TIME_ZONE, type Activity } from '../activity.js';
import { isCountryCode } from '../countries.js';
import { isTimeZone } from '../timeZone.js';
import { addCustomIssue, issueParams } from '../validation.js';
import { optionalText, requiredText } from './common.js';
import { smartActionFields, type Protection } from './rules.js';

/** Bounds SPEC leaves open: long free texts (descriptions, bodies) and rich text. */
export const LONG_TEXT_MAX = 5000;
export const RICH_TEXT_MAX = 65535;
/** Repeated rows (email addresses, phone numbers, cc, bcc). */
export const LIST_MAX = 20;

export const APP_STORE_PREFIX = 'https://apps.apple.com/';
export const PLAY_STORE_PREFIX = 'https://play.google.com/store/apps/';

/** The translation key of SPEC §8's notice "The end date cannot be earlier than the start date". */
export const END_BEFORE_START_MESSAGE_KEY = 'notifications.endDateBeforeStartDate';

/**
 * "example.com/x" typed without a scheme means https://example.com/x (issue 13); anything that
 * names a scheme keeps it, so javascript:, data: and file: still fail as 'url'.
 */
export function withHttpsScheme(value: string): string {
  return /^[a-z][a-z0-9+-]*:/i.test(value) || value.startsWith('//') ? value : `https://${value}`;
}

/** An http(s) URL; javascript:, data:, file: and the like fail with code 'url'. */
export const httpUrlSchema = (max = LINK_MAX) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .transform(withHttpsScheme)
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }));

/**
 * An optional website: empty becomes null; a bare "www.example.nl" gets https:// in front; any
 * other scheme than http(s) fails with 'url' (the value becomes a link on a landing page).
 */
export const optionalWebsite = (max = TEXT_MAX) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return null;
      return withHttpsScheme(trimmed);
    },
    z
      .string()
      .max(max)
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }))
      .nullish()
      .transform((v) => v ?? null),
  );

/** SPEC §5 "prefix": empty, or starting with the prefix (code 'prefix', meta.prefix). */
const optionalPrefixed = (prefix: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(TEXT_MAX)
      .startsWith(prefix)
      .nullish()
      .transform((v) => v ?? null),
  );

const emailAddress = (max: number) => z.string().trim().min(1).max(max).pipe(z.email());

/** Phone, SMS and WhatsApp numbers end up in tel:/sms:/wa.me links: digits and punctuation only. */
const dialNumber = requiredText(PHONE_MAX).regex(/^\+?[0-9 ()./-]+$/);

/**
 * A media field on the wire. The file itself goes through the file API (POST /file/{mediaId});
 * the form sends the id of the stored (or freshly uploaded) media, and `remove` to drop it.
 */
export const mediaFieldSchema = z.object({
  mediaId: ulidSchema.nullable().default(null),
  remove: z.boolean().default(false),
});
export type MediaField = z.infer<typeof mediaFieldSchema>;
const EMPTY_MEDIA: MediaField = { mediaId: null, remove: false };
const optionalMedia = mediaFieldSchema.default(EMPTY_MEDIA);

/** SPEC §5 "file required when none is stored": a media id that is not being removed. */
const requiredMedia = mediaFieldSchema.superRefine((media, ctx) => {
  if (!media.mediaId || media.remove) {
    addCustomIssue(ctx, [], { code: 'required' }, 'A file is required');
  }
});

export const linkDataSchema = z.object({ link: httpUrlSchema(LINK_MAX) });

export const fileDataSchema = z.object({ media: requiredMedia });

export const CONTACT_EMAIL_TYPES = ['work', 'private', 'other'] as const;
export const CONTACT_PHONE_TYPES = ['mobile', 'home', 'work', 'other'] as const;

export const contactDataSchema = z.object({
  avatar: optionalMedia,
  name: requiredText(TEXT_MAX),
  emailAddresses: z
    .array(
      z.object({
        type: z.enum(CONTACT_EMAIL_TYPES).default('work'),
        email: emailAddress(TEXT_MAX),
      }),
    )
    .max(LIST_MAX)
    .default([]),
  phoneNumbers: z
    .array(
      z.object({
        type: z.enum(CONTACT_PHONE_TYPES).default('mobile'),
        phoneNumber: requiredText(TEXT_MAX),
      }),
    )
    .max(LIST_MAX)
    .default([]),
  company: z
    .object({ name: optionalText(TEXT_MAX), position: optionalText(TEXT_MAX) })
    .default({ name: null, position: null }),
  address: z
    .object({
      street: optionalText(TEXT_MAX),
      city: optionalText(TEXT_MAX),
      zipCode: optionalText(TEXT_MAX),
      // A refinement rather than z.enum: the error would otherwise list all 249 codes in meta.
      country: z.preprocess(
        (v) => (v === '' ? null : v),
        z
          .string()
          .refine(isCountryCode, { params: issueParams({ code: 'invalid' }) })
          .nullish()
          .transform((v) => v ?? null),
      ),
    })
    .default({ street: null, city: null, zipCode: null, country: null }),
  website: z
    .object({ personal: optionalWebsite(TEXT_MAX), linkedIn: optionalWebsite(TEXT_MAX) })
    .default({ personal: null, linkedIn: null }),
});

export const textAreaDataSchema = z.object({ text: z.string().max(RICH_TEXT_MAX).default('') });

export const appLinkDataSchema = z.object({
  applicationName: optionalText(TEXT_MAX),
  developerName: optionalText(TEXT_MAX),
  applicationLogo: optionalMedia,
  title: optionalText(TEXT_MAX),
  description: optionalText(TEXT_MAX),
  website: optionalWebsite(TEXT_MAX),
  appStore: optionalPrefixed(APP_STORE_PREFIX),
  playStore: optionalPrefixed(PLAY_STORE_PREFIX),
});

const addressRow = z.object({ address: emailAddress(TEXT_MAX) });

export const emailDataSchema = z.object({
  address: emailAddress(EMAIL_ADDRESS_MAX),
  subject: optionalText(EMAIL_SUBJECT_MAX),
  body: optionalText(LONG_TEXT_MAX),
  cc: z.array(addressRow).max(LIST_MAX).default([]),
  bcc: z.array(addressRow).max(LIST_MAX).default([]),
});

export const phoneNumberDataSchema = z.object({ phoneNumber: dialNumber });

export const smsDataSchema = z.object({
  phoneNumber: dialNumber,
  body: optionalText(LONG_TEXT_MAX),
});

export const whatsappDataSchema = z.object({
  number: dialNumber,
  text: optionalText(LONG_TEXT_MAX),
});

export const soundDataSchema = z.object({
  sound: requiredMedia,
  cover: optionalMedia,
  title: optionalText(TEXT_MAX),
  subtitle: optionalText(SOUND_SUBTITLE_MAX),
  description: optionalText(LONG_TEXT_MAX),
});

/** The sub-object per objectType (SPEC §3: exactly one belongs to the type). */
export const ACTION_DATA_SCHEMAS = {
  link: linkDataSchema,
  file: fileDataSchema,
  contact: contactDataSchema,
  textArea: textAreaDataSchema,
  appLink: appLinkDataSchema,
  email: emailDataSchema,
  phoneNumber: phoneNumberDataSchema,
  sms: smsDataSchema,
  whatsapp: whatsappDataSchema,
  sound: soundDataSchema,
} as const satisfies Record<ActionType, z.ZodType>;

export type LinkData = z.infer<typeof linkDataSchema>;
export type FileData = z.infer<typeof fileDataSchema>;
export type ContactData = z.infer<typeof contactDataSchema>;
export type TextAreaData = z.infer<typeof textAreaDataSchema>;
export type AppLinkData = z.infer<typeof appLinkDataSchema>;
export type EmailData = z.infer<typeof emailDataSchema>;
export type PhoneNumberData = z.infer<typeof phoneNumberDataSchema>;
export type SmsData = z.infer<typeof smsDataSchema>;
export type WhatsappData = z.infer<typeof whatsappDataSchema>;
export type SoundData = z.infer<typeof soundDataSchema>;

const isoInstant = z.iso.datetime({ offset: true });

/** SPEC §4 activity; see src/shared/activity.ts for what each field means. */
export const activitySchema = z
  .object({
    mode: z.enum(ACTIVITY_MODES).default('always'),
    start: isoInstant.nullish().transform((v) => v ?? null),
    end: isoInstant.nullish().transform((v) => v ?? null),
    wholeDay: z.boolean().default(false),
    noEndDate: z.boolean().default(false),
    showBeforeActive: z.boolean().default(false),
    interval: z
      .object({
        every: z.number().int().min(1).max(1000),
        unit: z.enum(ACTIVE_INTERVAL_UNITS),
        duration: z.number().int().min(1).max(1000),
        durationUnit: z.enum(ACTIVE_INTERVAL_UNITS),
      })
      .nullish()
      .transform((v) => v ?? null),
    timeZone: z
      .string()
      .max(64)
      .default(DEFAULT_TIME_ZONE)
      .refine(isTimeZone, { params: issueParams({ code: 'invalid' }) }),
  })
  .superRefine((activity, ctx) => {
    if (activity.mode === 'always') return;
    const required = (field: string) =>
      addCustomIssue(ctx, [field], { code: 'required' }, `${field} is required`);
    if (!activity.start) required('start');
    if (!activity.noEndDate && !activity.end) required('end');
    if (activity.mode === 'interval' && !activity.interval) required('interval');
    if (activity.start && activity.end && !activity.noEndDate) {
      const start = Date.parse(activity.start);
      const end = Date.parse(activity.end);
      // Whole days compare by date: an end on the start day is fine.
      const endsBefore = activity.wholeDay
        ? activity.end.slice(0, 10) < activity.start.slice(0, 10)
        : end < start;
      if (endsBefore) {
        addCustomIssue(
          ctx,
          ['end'],
          {
            code: 'date_after_or_equal',
            meta: { date: 'start', messageKey: END_BEFORE_START_MESSAGE_KEY },
          },
          'The end date cannot be earlier than the start date',
        );
      }
    }
  });
// Compile-time check: the schema's output is the Activity the pure functions read.
const _activityOutputIsActivity = (a: z.output<typeof activitySchema>): Activity => a;

/** Just the typed sub-object, e.g. for the scan service reading a stored row. */
export const actionContentSchema = z.discriminatedUnion('objectType', [
  z.object({ objectType: z.literal('link'), data: linkDataSchema }),
  z.object({ objectType: z.literal('file'), data: fileDataSchema }),
  z.object({ objectType: z.literal('contact'), data: contactDataSchema }),
  z.object({ objectType: z.literal('textArea'), data: textAreaDataSchema }),
  z.object({ objectType: z.literal('appLink'), data: appLinkDataSchema }),
  z.object({ objectType: z.literal('email'), data: emailDataSchema }),
  z.object({ objectType: z.literal('phoneNumber'), data: phoneNumberDataSchema }),
  z.object({ objectType: z.literal('sms'), data: smsDataSchema }),
  z.object({ objectType: z.literal('whatsapp'), data: whatsappDataSchema }),
  z.object({ objectType: z.literal('sound'), data: soundDataSchema }),
]);
export type ActionContent = z.infer<typeof actionContentSchema>;

/** The smart fields alone, e.g. for the scan service reading a stored row. */
export const smartFieldsSchema = z.object(smartActionFields(actionContentSchema));

const base = {
  name: requiredText(TEXT_MAX),
  activity: activitySchema.default(ALWAYS_ACTIVE),
  // Smart codes (issue 16): rules, A/B split, protection and fallback; see ./rules.ts.
  ...smartActionFields(actionContentSchema),
};

const variant = <T extends ActionType, S extends z.ZodType>(objectType: T, data: S) =>
  z.object({ ...base, objectType: z.literal(objectType), data });

/** POST /projects/{pid}/actions and PUT …/{id} (a full replace): { name, objectType, data, activity }. */
export const actionInputSchema = z.discriminatedUnion('objectType', [
  variant('link', linkDataSchema),
  variant('file', fileDataSchema),
  variant('contact', contactDataSchema),
  variant('textArea', textAreaDataSchema),
  variant('appLink', appLinkDataSchema),
  variant('email', emailDataSchema),
  variant('phoneNumber', phoneNumberDataSchema),
  variant('sms', smsDataSchema),
  variant('whatsapp', whatsappDataSchema),
  variant('sound', soundDataSchema),
]);
export type ActionInput = z.infer<typeof actionInputSchema>;
export const actionUpdateSchema = actionInputSchema;
export type ActionUpdate = ActionInput;

export const isActionType = (value: unknown): value is ActionType =>
  typeof value === 'string' && (ACTION_TYPES as readonly string[]).includes(value);

/** The background check of a link's destination, as answers carry it (issue 16 part 5). */
export interface DestinationHealth {
  status: 'healthy' | 'failing';
  consecutiveFailures: number;
  lastError: string | null;
  checkedAt: string;
  failingSince: string | null;
}

/** An Action in answers: the input plus its identity and times; the password never comes back. */
export type Action = Omit<ActionInput, 'protection'> & {
  protection: Protection;
  id: string;
  projectId: string;
  destinationHealth?: DestinationHealth | null;
  createdAt: string;
  updatedAt: string;
};
