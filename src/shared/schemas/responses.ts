// What the API answers (issue 15 part 1): one zod schema per resource, declared as the routes'
// `response` so /api/openapi.json describes the answers as well as the requests.
//
// The answers are built by the services' presenters against the TypeScript types below; each
// schema here is tied to its type by `answers<T>()`, a compile error when either side gains or
// loses a field, and tests/server/api/responses.test.ts parses the real answers of the routes
// with them. They describe only: the API sends what the handler made (openapi.ts).
import { z } from 'zod';
import type { AuditLog } from '../audit.js';
import { ACCOUNT_STATES } from '../billing.js';
import {
  ACTION_TYPES,
  AUDIT_ACTIONS,
  AUDIT_TYPES,
  BILLING_PERIODS,
  CLIENT_TYPES,
  CUSTOMER_TYPES,
  LANGUAGES,
  PROJECT_ACCESS,
  ROLES,
  SUBSCRIPTION_STATUSES,
  SUPPORT_LEVELS,
} from '../enums.js';
import { ALL_PERMISSION_KEYS, API_KEY_SCOPES, type PermissionKey } from '../permissions.js';
import type { LimitStatus } from '../rules.js';
import { SCAN_FAILURES, type ScanCheck } from '../scannability.js';
import type { Statistics, Timeseries } from '../statsAggregation.js';
import { utmPresetSchema } from '../utm.js';
import type { DestinationHealth } from './action.js';
import type { Self } from './auth.js';
import type { BillingOverview, Invoice, Plan } from './billing.js';
import type { Customer, RegistrationProgress, User } from './customer.js';
import { IMPORT_FORMATS, IMPORT_KINDS, importRowSchema } from './import.js';
import type { Account, Invitation, InvitationPreview, Seats } from './invitation.js';
import type { Label, LabelSummary } from './label.js';
import type { UsageForecast } from './limits.js';
import type { PlacementStatistics } from './placement.js';
import type { Project, ProjectUser } from './project.js';
import type { SimulateResult } from './rules.js';
import { qrDesignSchema } from './qrCode.js';
import type { ShortLink } from './shortLink.js';
import type { AuthOptions } from './signup.js';
import { ONBOARDING_STEPS } from './signup.js';
import { themeSettingsSchema, type Theme } from './theme.js';
import type { TwoFactorSetup, TwoFactorState } from './twoFactor.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from './webhook.js';
import type { WhiteLabelHostname } from './whiteLabel.js';
import type { Advertisement, AdvertisementStats } from './advertisement.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The schema of the answer type T: a compile error unless the schema's output is exactly T, so
 * the type and its description cannot drift apart.
 */
const answers =
  <T>() =>
  <S extends z.ZodType>(schema: S, ..._same: Same<z.output<S>, T> extends true ? [] : [never]) =>
    schema;

const id = z.string().describe('A ULID');
const instant = z.string().describe('An ISO 8601 instant (UTC)');
const nullableText = z.string().nullable();
const count = z.number().int();

// Shared pieces.

export const labelSummarySchema = answers<LabelSummary>()(
  z.object({ id, name: z.string(), color: nullableText }),
);

const usageCountsSchema = z.object({
  qrCodes: count,
  scans: count,
  storage: count,
  users: count,
  shortLinks: count,
});

/** Usage against the limits; a total of -1 is unlimited. */
export const limitStatusSchema = answers<LimitStatus>()(
  z.object({ used: usageCountsSchema, total: usageCountsSchema }),
);

// Projects, customers, users.

export const projectSchema = answers<Project>()(
  z.object({
    id,
    customerId: id,
    name: z.string(),
    description: nullableText,
    access: z.enum(PROJECT_ACCESS),
    tracking: z.boolean(),
    timeZone: z.string(),
    usage: limitStatusSchema,
    createdAt: instant,
    updatedAt: instant,
  }),
);

export const projectUserSchema = answers<ProjectUser>()(
  z.object({
    id,
    name: z.string(),
    email: z.string(),
    role: z.string(),
    canManage: z.boolean(),
  }),
);

export const utmPresetsSchema = z.array(utmPresetSchema);

const limitsSchema = z.object({
  maxQrCodes: count,
  maxScans: count,
  maxStorage: count,
  maxUsers: count,
  maxShortLinks: count,
  trialEndAt: z.string().optional(),
});

export const progressSchema = answers<RegistrationProgress>()(
  z.object({ trialEndAt: instant.nullable(), done: z.boolean() }),
);

export const customerSchema = answers<Customer>()(
  z.object({
    id,
    name: z.string(),
    adminEmail: z.string(),
    customerType: z.enum(CUSTOMER_TYPES),
    vatNumber: nullableText,
    progress: progressSchema,
    subscription: z.object({ status: z.enum(SUBSCRIPTION_STATUSES), planId: id.nullable() }),
    limits: limitsSchema,
    createdAt: instant,
  }),
);

export const subscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: id.nullable(),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
});

/** GET /register/progress: the trial and, for a customer's user, the onboarding checklist. */
export const onboardingProgressSchema = progressSchema.extend({
  steps: z
    .object(Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, z.boolean()])))
    .optional(),
});

const localizationSchema = z.object({ language: z.enum(LANGUAGES) });

export const userSchema = answers<User>()(
  z.object({
    id,
    customerId: id.nullable(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    localization: localizationSchema,
    createdAt: instant,
    updatedAt: instant,
  }),
);

export const selfSchema = answers<Self>()(
  z.object({
    id,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    customerId: id.nullable(),
    permissionKeys: z.array(z.enum(ALL_PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]])),
    localization: localizationSchema,
    twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }).optional(),
  }),
);

/** POST /login: the user, or (two-step sign-in on) only that a code is needed next. */
export const loginAnswerSchema = z.union([
  selfSchema,
  z.object({ twoFactorRequired: z.boolean().describe('Always true: send the code next') }),
]);

export const twoFactorStateSchema = answers<TwoFactorState>()(
  z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: count }),
);
export const twoFactorSetupSchema = answers<TwoFactorSetup>()(
  z.object({ secret: z.string(), otpauthUrl: z.string() }),
);
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const authOptionsSchema = answers<AuthOptions>()(
  z.object({ firstAdminNeeded: z.boolean(), signupOpen: z.boolean() }),
);

const projectRefSchema = z.object({ id, name: z.string() });

export const invitationSchema = answers<Invitation>()(
  z.object({
    id,
    email: z.string(),
    role: z.enum(ROLES),
    language: z.enum(LANGUAGES),
    state: z.enum(['pending', 'expired', 'accepted', 'revoked']),
    projects: z.array(projectRefSchema),
    invitedBy: nullableText,
    expiresAt: instant,
    createdAt: instant,
  }),
);

export const invitationPreviewSchema = answers<InvitationPreview>()(
  z.object({ customerName: z.string(), email: z.string() }),
);

export const seatsSchema = answers<Seats>()(
  z.object({ used: count, max: count.describe('-1: unlimited') }),
);

export const accountSchema = answers<Account>()(
  z.object({
    id,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    active: z.boolean(),
    projects: z.array(projectRefSchema),
    lastSignInAt: instant.nullable(),
    twoFactorEnabled: z.boolean().nullable(),
    createdAt: instant,
  }),
);

// Project items: QR codes, short links, Actions, tags.

const itemFields = {
  id,
  projectId: id,
  name: z.string(),
  description: nullableText,
  actionId: id.nullable(),
  action: z.object({ id, name: z.string(), objectType: z.string() }).nullable(),
  labels: z.array(labelSummarySchema),
  scans: count.describe('Counted scans, all time'),
  createdAt: instant,
  updatedAt: instant,
  trashedAt: instant.nullable(),
};

export const qrCodeSchema = z.object({
  ...itemFields,
  code: z.string(),
  scanUrl: z.string(),
  templateId: id.nullable(),
  design: qrDesignSchema,
});

export const shortLinkSchema = answers<ShortLink>()(
  z.object({
    ...itemFields,
    host: z.string().describe("Its white-label host; '' for the platform's own host"),
    uri: z.string(),
    scanUrl: z.string(),
  }),
);

export const suggestedUriSchema = z.object({ uri: z.string(), scanUrl: z.string() });

/** A QR code or short link in a list across both kinds (the trash, an Action's codes). */
const linkedItemFields = {
  id,
  type: z.enum(['qr_code', 'short_link']),
  projectId: id,
  name: z.string(),
  code: z.string().describe("The QR code's code or the short link's uri"),
  scanUrl: z.string(),
  createdAt: instant,
};

export const linkedItemSchema = z.object({
  ...linkedItemFields,
  description: nullableText,
  updatedAt: instant,
});

export const trashItemSchema = z.object({ ...linkedItemFields, trashedAt: instant });

export const labelSchema = answers<Label>()(
  z.object({
    id,
    projectId: id,
    name: z.string(),
    color: nullableText,
    itemCount: count.describe('How many live items carry it'),
    createdAt: instant,
    updatedAt: instant,
  }),
);

/** GET /projects/{pid}/item-labels: each item id with its tags. */
export const itemLabelsSchema = z.record(z.string(), z.array(labelSummarySchema));

const destinationHealthSchema = answers<DestinationHealth>()(
  z.object({
    status: z.enum(['healthy', 'failing']),
    consecutiveFailures: count,
    lastError: nullableText,
    checkedAt: instant,
    failingSince: instant.nullable(),
  }),
);

const asInRequest = (what: string) =>
  z.unknown().describe(`${what}, as the Action's request body takes it (the password left out)`);

export const actionSchema = z.object({
  id,
  projectId: id,
  name: z.string(),
  objectType: z
    .string()
    .describe(`One of ${ACTION_TYPES.join(', ')}; a kind no longer made may still be answered`),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "The kind's fields as the request body takes them; a media field answers " +
        '{ mediaId, remove, source: { name, versions: { original } } | null }',
    ),
  activity: asInRequest('When it is active'),
  rules: asInRequest('The rules, first match wins'),
  split: asInRequest('The A/B split, or null'),
  protection: z.object({
    hasPassword: z.boolean(),
    scanCap: count.nullable(),
    expiresAt: instant.nullable(),
    ageGate: z.boolean(),
  }),
  fallback: asInRequest('What is served after the scan cap or expiry, or null'),
  qrCodeCount: count,
  destinationHealth: destinationHealthSchema
    .nullable()
    .describe("The background check of a link's destination; null before any failure"),
  labels: z.array(labelSummarySchema),
  createdAt: instant,
  updatedAt: instant,
});

export const simulateResultSchema = answers<SimulateResult>()(
  z.object({
    rule: z.object({ index: count, name: z.string() }).nullable(),
    variant: nullableText,
    fallback: z.boolean(),
    status: count,
    location: z.string().describe('The redirect URL, or `page:{name}` for a page'),
  }),
);

export const placementStatisticsSchema = answers<PlacementStatistics>()(
  z.object({
    id,
    name: z.string(),
    code: z.string(),
    scanUrl: z.string(),
    scans: count,
    uniqueVisitors: count,
    share: z.number().describe('0 to 1'),
  }),
);

export const placementsListSchema = z.object({
  data: z.array(placementStatisticsSchema),
  meta: z.object({ from: instant, to: instant, total: count, scans: count }),
});

export const qrCodeTemplateSchema = z.object({
  id,
  projectId: id,
  name: z.string(),
  design: qrDesignSchema,
  createdAt: instant,
  updatedAt: instant,
});

export const scanCheckSchema = answers<ScanCheck>()(
  z.object({
    ok: z.boolean(),
    failures: z.array(z.enum(SCAN_FAILURES)),
    decoded: nullableText,
    moduleMm: z.number(),
    maxDistanceCm: z.number(),
    moduleTooSmall: z.boolean(),
  }),
);

// Themes, advertisements, media.

export const themeSchema = answers<Theme>()(
  z.object({
    id,
    projectId: id,
    name: z.string(),
    isActive: z.boolean(),
    settings: themeSettingsSchema,
    createdAt: instant,
    updatedAt: instant,
  }),
);

export const advertisementSchema = answers<Advertisement>()(
  z.object({
    id,
    projectId: id,
    name: z.string(),
    text: nullableText,
    imageMediaId: id.nullable(),
    image: z.object({ id, name: z.string(), url: z.string() }).nullable(),
    link: nullableText,
    displayTimeMs: count,
    qrCodeCount: count.describe('Linked QR codes outside the trash'),
    createdAt: instant,
    updatedAt: instant,
  }),
);

export const advertisementStatsSchema = answers<AdvertisementStats>()(
  z.object({ views: count, uniqueViews: count, clicks: count }),
);

/** An advertisement's linked QR codes (outside the trash). */
export const advertisementQrCodeSchema = linkedItemSchema.extend({ type: z.literal('qr_code') });

export const mediaSchema = z.object({
  id,
  name: z.string(),
  kind: z.string(),
  mimeType: z.string(),
  size: count,
  versions: z.object({ original: z.string() }),
});

// Statistics.

const breakdownSchema = z.array(z.object({ key: z.string(), scans: count }));
const topItemsSchema = z.array(
  z.object({ itemType: z.string(), itemId: id, name: nullableText, scans: count }),
);

const timeseriesFields = {
  data: z.array(z.object({ bucket: instant, scans: count, uniqueVisitors: count })),
};
const timeseriesMetaFields = {
  granularity: z.enum(['year', 'month', 'week', 'day', 'hour']),
  from: instant,
  to: instant,
  total: count,
  uniqueVisitors: count,
  byDevice: breakdownSchema,
  byOs: breakdownSchema,
  byBrowser: breakdownSchema,
  byCountry: breakdownSchema,
  byReferrer: breakdownSchema,
};
const _timeseries = answers<Timeseries>()(
  z.object({ ...timeseriesFields, meta: z.object(timeseriesMetaFields) }),
);

/** GET /analytics/timeseries: the series with its totals, breakdowns and comparisons. */
export const statisticsSchema = answers<Statistics>()(
  z.object({
    ...timeseriesFields,
    meta: z.object({
      ...timeseriesMetaFields,
      timeZone: z.string(),
      bots: count.describe('Bot requests in the range, never in the totals'),
      previous: z.object({ from: instant, to: instant, total: count, uniqueVisitors: count }),
      change: z.number().nullable().describe('Per cent against the previous period'),
      heatmap: z.array(z.array(count)).describe('Weekday (0 = Monday) by hour of day'),
      topQrCodes: topItemsSchema,
      topShortLinks: topItemsSchema,
      byVariant: breakdownSchema,
    }),
  }),
);

export const liveScansSchema = z.array(z.object({ minute: instant, scans: count }));

// Audit, keys, webhooks, imports.

const auditLogFields = {
  id,
  parentId: id.nullable(),
  client: z.enum(CLIENT_TYPES),
  customerId: id.nullable(),
  projectId: id.nullable(),
  userId: id.nullable(),
  userName: nullableText,
  itemId: id.nullable(),
  name: nullableText,
  type: z.enum(AUDIT_TYPES),
  action: z.enum(AUDIT_ACTIONS),
  environment: nullableText,
  device: nullableText,
  changes: z.record(z.string(), z.unknown()).nullable(),
  createdAt: instant,
};
export const auditLogSchema: z.ZodType<AuditLog> = answers<AuditLog>()(
  z.object({
    ...auditLogFields,
    get children() {
      return z.array(z.object(auditLogFields)).optional();
    },
  }) as unknown as z.ZodType<AuditLog>,
);

export const apiKeySchema = z.object({
  id,
  name: z.string(),
  prefix: z.string().describe('The start of the key, to recognise it'),
  scope: z.enum(API_KEY_SCOPES),
  expiresAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
  revokedAt: instant.nullable(),
  createdAt: instant,
});

/** POST …/api-keys: the key itself, shown only in this answer. */
export const newApiKeySchema = apiKeySchema.extend({ key: z.string() });

export const webhookSchema = z.object({
  id,
  url: z.string(),
  events: z.array(z.string()).describe(`Some of ${WEBHOOK_EVENTS.join(', ')}`),
  secret: z.string().describe('whsec_…: the receiver verifies the signatures with it'),
  createdAt: instant,
  updatedAt: instant,
});

export const webhookDeliverySchema = z.object({
  id,
  event: z.string(),
  status: z.string().describe(WEBHOOK_DELIVERY_STATUSES.join(', ')),
  attempts: count,
  responseStatus: count.nullable(),
  lastError: nullableText,
  nextAttemptAt: instant.nullable(),
  lastAttemptAt: instant.nullable(),
  createdAt: instant,
  payload: z.string().describe('The JSON body sent'),
});

export const importJobSchema = z.object({
  id,
  kind: z.string().describe(IMPORT_KINDS.join(', ')),
  status: z.string().describe('pending, running, done or failed'),
  total: count,
  processed: count,
  created: count,
  skipped: count,
  failed: count,
  error: nullableText,
  createdAt: instant,
  updatedAt: instant,
});

const errorSchema = z.object({
  code: z.string(),
  detail: z.string(),
  source: z.object({ pointer: z.string() }).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

export const importPreviewSchema = z.object({
  format: z.string().describe(IMPORT_FORMATS.join(', ')),
  headers: z.array(z.string()),
  keyColumn: nullableText,
  total: count,
  valid: count,
  alreadyImported: count.describe('Valid rows imported before: the import skips them'),
  invalid: count,
  errors: z.array(
    z.object({ line: count, data: importRowSchema.nullable(), errors: z.array(errorSchema) }),
  ),
  sample: z.array(importRowSchema),
});

// Billing, limits, white label.

export const planSchema = answers<Plan>()(
  z.object({
    id,
    name: z.string(),
    priceMonthCents: count,
    priceYearCents: count,
    limits: usageCountsSchema,
    supportLevel: z.enum(SUPPORT_LEVELS),
  }),
);

export const billingOverviewSchema = answers<BillingOverview>()(
  z.object({
    state: z.enum(ACCOUNT_STATES),
    trialEndAt: instant.nullable(),
    provider: z.enum(['manual', 'stripe']),
    plan: planSchema.nullable(),
    billingPeriod: z.enum(BILLING_PERIODS).nullable(),
    currentPeriodEnd: instant.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    nextPayment: z.object({ at: instant, totalCents: count }).nullable(),
    pendingInvoiceId: id.nullable(),
    hasPaymentPortal: z.boolean(),
  }),
);

export const invoiceSchema = answers<Invoice>()(
  z.object({
    id,
    number: z.string(),
    status: z.enum(['open', 'paid', 'failed']),
    planName: z.string(),
    billingPeriod: z.enum(BILLING_PERIODS),
    periodStart: instant,
    periodEnd: instant,
    customerName: z.string(),
    companyName: nullableText,
    vatNumber: nullableText,
    netCents: count,
    vatRatePercent: z.number(),
    vatCents: count,
    totalCents: count,
    reverseCharge: z.boolean(),
    issuedAt: instant,
    paidAt: instant.nullable(),
  }),
);

/** POST /register/activate: an open invoice (manual provider) or the checkout page to go to. */
export const activationSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('manual'), invoiceId: id }),
  z.object({ provider: z.literal('stripe'), url: z.string() }),
]);

/** POST …/subscription/portal: the payment provider's page; null without one. */
export const urlAnswerSchema = z.object({ url: z.string().nullable() });

export const usageForecastSchema = answers<UsageForecast>()(
  z.object({ scansLast30Days: count, scanLimitReachedAt: instant.nullable() }),
);

export const whiteLabelHostnameSchema = answers<WhiteLabelHostname>()(
  z.object({
    id,
    customerId: id,
    hostname: z.string(),
    primary: z.boolean(),
    verified: z.boolean(),
    verifiedAt: instant.nullable(),
    scheme: z.enum(['https', 'http']),
    dnsRecord: z.object({ type: z.literal('CNAME'), name: z.string(), value: z.string() }),
    createdAt: instant,
  }),
);

/** GET /self-service/logout/browser: the logout flow's token and where to complete it. */
export const logoutFlowSchema = z.object({ logout_token: z.string(), logout_url: z.string() });

/** POST /audit-logs/{id}/restore: the item whose before-state was applied again. */
export const restoredVersionSchema = z.object({
  type: z.string(),
  itemId: id,
  projectId: id,
});

/** POST /register: the address the verification code went to. */
export const registeredSchema = z.object({ email: z.string() });
