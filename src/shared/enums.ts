// Enumerations of SPEC §3 that the dashboard, the API and the scan service must agree on.

export const ROLES = ['user', 'customeradmin', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that belong to a customer; admins belong to the platform. */
export const CUSTOMER_ROLES = ['user', 'customeradmin'] as const satisfies readonly Role[];

export const CUSTOMER_TYPES = ['consumer', 'business', 'none'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Project access: '0' private (default), '1' public. */
export const PROJECT_ACCESS = ['0', '1'] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS)[number];

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The Action ("{product}") kinds, in the Action editor's tab order (SPEC §2); '' is "not set".
 * coronaLocation is legacy and read-only.
 */
export const ACTION_TYPES = [
  'link',
  'file',
  'contact',
  'textArea',
  'appLink',
  'email',
  'phoneNumber',
  'sms',
  'whatsapp',
  'sound',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const LEGACY_ACTION_TYPES = ['coronaLocation'] as const;

export const ACTIVE_INTERVAL_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type ActiveIntervalUnit = (typeof ACTIVE_INTERVAL_UNITS)[number];

export const CLIENT_TYPES = ['api', 'dashboard', 'portal'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const AUDIT_ACTIONS = [
  'accepted',
  'activated',
  'added',
  'copied',
  'created',
  'deactivated',
  'deleted',
  'downloaded',
  'duplicated',
  'invited',
  'linked',
  'login',
  'logout',
  'moved',
  'resend',
  'restored',
  'revoked',
  'saved',
  'send',
  'trashed',
  'unlinked',
  'updated',
  'uploaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TYPES = [
  'address',
  'campaign',
  'api_key',
  'customer',
  'file',
  'label',
  'project',
  'qr_code',
  'qr_design',
  'action',
  'short_link',
  'theme',
  'tracking',
  'user',
  'whitelabel',
  'invite',
  'plan',
  'subscription',
  'invoice',
  'webhook',
  'import',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const SUPPORT_LEVELS = ['basic', 'premium'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];
export const NOTIFICATION_LEVELS = ['info', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

export const LIMIT_KINDS = ['plan', 'storage', 'scan', 'qrcodes'] as const;
export const USAGE_KEYS = ['qrCodes', 'scans', 'storage', 'users', 'shortLinks'] as const;
export type UsageKey = (typeof USAGE_KEYS)[number];

export const ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;

export const SUBSCRIPTION_STATUSES = [
  'trial',
  'active',
  'past_due',
  'expired',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The empty id placeholder: 26 zeros. */
export const EMPTY_ID = '0'.repeat(26);
