// Table types for Kysely. Columns are snake_case in the database and camelCase here
// (CamelCasePlugin). Times are ISO-8601 UTC text; flags are 0/1 integers; JSON is text —
// the same representation on SQLite and PostgreSQL, so one code path serves both.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { InvoiceFigures } from '../../shared/billing.js';

type Flag = 0 | 1;
type Timestamps = { createdAt: string; updatedAt: string };

export interface CustomersTable extends Timestamps {
  id: string;
  name: string;
  adminEmail: string;
  customerType: string;
  vatNumber: string | null;
  trialEndAt: string | null;
  progressDone: Flag;
  subscriptionStatus: string;
  planId: string | null;
  billingPeriod: string | null;
  maxQrCodes: number;
  maxScans: number;
  maxStorage: number;
  maxUsers: number;
  maxShortLinks: number;
  /** Raw scans older than this many days are deleted by the daily retention job. */
  scanRetentionDays: Generated<number>;
  /** 1: every user of the customer must sign in with a second factor. */
  requireTwoFactor: Generated<Flag>;
  deletedAt: string | null;
  /** A business customer's registered company name (checked against VIES). */
  companyName: Generated<string | null>;
  stripeCustomerId: Generated<string | null>;
  /** The scan limit level ('warning' | 'error') customer admins were last mailed about. */
  scanNoticeLevel: Generated<string | null>;
}

export interface PlansTable {
  id: string;
  name: string;
  priceMonthCents: number;
  priceYearCents: number;
  maxQrCodes: number;
  maxScans: number;
  maxStorage: number;
  maxUsers: number;
  maxShortLinks: number;
  supportLevel: string;
  createdAt: string;
  archivedAt: Generated<string | null>;
}

export interface SubscriptionsTable {
  id: string;
  customerId: string;
  planId: string;
  billingPeriod: string;
  status: string;
  amountCents: number;
  startedAt: string;
  canceledAt: string | null;
  createdAt: string;
  /** 'manual' or 'stripe'. */
  provider: Generated<string>;
  /** The provider's id of this subscription (Stripe's sub_…). */
  providerRef: Generated<string | null>;
  currentPeriodStart: Generated<string | null>;
  currentPeriodEnd: Generated<string | null>;
  cancelAtPeriodEnd: Generated<Flag>;
  updatedAt: Generated<string | null>;
}

export interface InvoicesTable extends InvoiceFigures {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  number: string;
  /** 'open' (to be paid), 'paid' or 'failed'. */
  status: string;
  provider: string;
  providerRef: string | null;
  planName: string;
  billingPeriod: string;
  reverseCharge: Flag;
  issuedAt: string;
  paidAt: string | null;
  createdAt: string;
}

export interface VatChecksTable {
  vatNumber: string;
  valid: Flag;
  name: string | null;
  checkedAt: string;
}

export interface UsersTable extends Timestamps {
  id: string;
  /** Null for platform admins. */
  customerId: string | null;
  name: string;
  email: string;
  passwordHash: string;
  role: string;
  language: string;
  avatarMediaId: string | null;
  verified: Flag;
  /** Set while the account is deactivated: it cannot sign in, and keeps its projects. */
  deactivatedAt: string | null;
  /** Base32 TOTP secret; set but not enabled while the user has not confirmed a code. */
  twoFactorSecret: Generated<string | null>;
  twoFactorEnabledAt: Generated<string | null>;
  /** The RFC 6238 time step of the last accepted code, so it cannot be used twice. */
  twoFactorLastStep: Generated<number | null>;
  deletedAt: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  userId: string;
  /** SHA-256 of the normalised code. */
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** A sign-in that passed the password and waits for the second factor. */
export interface PendingLoginsTable {
  /** SHA-256 of the cookie token. */
  id: string;
  userId: string;
  userAgent: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface EmailVerificationsTable {
  userId: string;
  /** SHA-256 of the mailed six-digit code. */
  codeHash: string;
  failures: number;
  expiresAt: string;
  createdAt: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not leak sessions. */
  id: string;
  userId: string;
  /** SHA-256 of the token of a pending logout flow. */
  logoutToken: string | null;
  userAgent: string | null;
  expiresAt: string;
  lastSeenAt: string;
  createdAt: string;
}

export interface PasswordResetsTable {
  id: string;
  userId: string;
  /** SHA-256 of the mailed token. */
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface LoginAttemptsTable {
  /** 'pair:{email}|{ip}' or 'address:{ip}'. */
  key: string;
  failures: number;
  windowStart: string;
  lastFailureAt: string | null;
}

export interface InvitationsTable {
  id: string;
  customerId: string;
  email: string;
  role: string;
  tokenHash: string;
  invitedBy: string | null;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  /** The language of the mail, and of the account made from it. */
  language: string;
}

/** The projects an invitation links the new account to. */
export interface InvitationProjectsTable {
  invitationId: string;
  projectId: string;
}

export interface ProjectsTable extends Timestamps {
  id: string;
  customerId: string;
  name: string;
  description: string | null;
  access: string;
  tracking: Flag;
  /** Per-project totals; -1 = unlimited (bounded by the customer's). */
  maxQrCodes: number;
  maxScans: number;
  maxStorage: number;
  maxShortLinks: number;
  usedScans: number;
  usedStorage: number;
  /** IANA time zone the statistics bucket days, weeks and months in. */
  timeZone: Generated<string>;
  /** JSON list of named UTM presets (src/shared/utm.ts), '[]' when none. */
  utmPresets: Generated<string>;
  trashedAt: string | null;
  deletedAt: string | null;
}

export interface ProjectUsersTable {
  projectId: string;
  userId: string;
  canManage: Flag;
  createdAt: string;
}

export interface MediaTable {
  id: string;
  customerId: string;
  projectId: string | null;
  kind: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  createdBy: string | null;
  createdAt: string;
  deletedAt: string | null;
}

export interface ActionsTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  objectType: string;
  /** The type's sub-object (SPEC §3), as JSON. */
  data: string;
  /** Activity mode and period, as JSON. */
  activity: string;
  /** Smart codes (migration 0021): JSON of src/shared/schemas/rules.ts. */
  rules: Generated<string>;
  split: string | null;
  /** Protection without the password: { scanCap, expiresAt, ageGate }. */
  protection: Generated<string>;
  fallback: string | null;
  passwordHash: string | null;
  /** Set by the destination health checker while the destination fails; scans use the fallback. */
  destinationUnhealthyAt: string | null;
  createdBy: string | null;
  deletedAt: string | null;
}

/** The last checks of a link Action's destination (issue 16 part 5). */
export interface DestinationHealthTable {
  actionId: string;
  customerId: string;
  projectId: string;
  /** The URL these checks were for: an edited link starts over. */
  url: string;
  status: 'healthy' | 'failing';
  consecutiveFailures: number;
  lastError: string | null;
  checkedAt: string;
  /** When the second failure in a row was seen; null while healthy. */
  failingSince: string | null;
  /** When the customer admins were mailed for this failure episode. */
  notifiedAt: string | null;
}

export interface QrCodesTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  /** The short unguessable code in the scan URL. */
  code: string;
  name: string;
  description: string | null;
  actionId: string | null;
  templateId: string | null;
  design: string;
  createdBy: string | null;
  trashedAt: string | null;
  deletedAt: string | null;
}

export interface ShortLinksTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  /** '' for the default scan host, else a white-label hostname. */
  host: string;
  uri: string;
  name: string;
  description: string | null;
  actionId: string | null;
  createdBy: string | null;
  trashedAt: string | null;
  deletedAt: string | null;
}

export interface LabelsTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  color: string | null;
}

export interface LabelLinksTable {
  labelId: string;
  itemType: string;
  itemId: string;
  createdAt: string;
}

export interface AdvertisementsTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  text: string | null;
  imageMediaId: string | null;
  link: string | null;
  displayTimeMs: number;
  deletedAt: string | null;
}

export interface AdvertisementLinksTable {
  advertisementId: string;
  qrCodeId: string;
  createdAt: string;
}

export interface ThemesTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  isActive: Flag;
  settings: string;
  logoMediaId: string | null;
  deletedAt: string | null;
}

export interface QrCodeTemplatesTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  design: string;
  deletedAt: string | null;
}

export interface WhiteLabelHostnamesTable {
  id: string;
  customerId: string;
  hostname: string;
  /** 1 for the customer's primary hostname: its codes' scan URLs use it. */
  isPrimary: Generated<number>;
  /** When the hostname was found to resolve to the platform (or an admin said so). */
  verifiedAt: string | null;
  scheme: Generated<string>;
  createdAt: string;
}

export interface PlatformSettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updatedAt: string;
}

export interface ScansTable {
  id: Generated<number>;
  customerId: string;
  projectId: string;
  itemType: string;
  itemId: string;
  /** 'scan', 'ad_view' or 'ad_click'. */
  kind: string;
  scannedAt: string;
  device: string | null;
  os: string | null;
  browser: string | null;
  country: string | null;
  referrer: string | null;
  isUnique: Flag;
  isBot: Flag;
  /** The smart-code rule (its name) that served the scan (migration 0021). */
  rule: string | null;
  /** The A/B split variant (its name, or A–E) that served the scan. */
  variant: string | null;
}

/** Scan counts per scope (item or project), period, dimension value and bucket (migration 0015). */
export interface ScanRollupsTable {
  scopeId: string;
  projectId: string;
  /** 'qr_code', 'short_link', 'advertisement', or 'project' for the project-wide rows. */
  itemType: string;
  /**
   * 'hour' (UTC), 'day' or 'month' (the project's local day or month), 'all' (running total,
   * bucket '').
   */
  period: string;
  dimension: string;
  bucket: string;
  value: string;
  scans: number;
  uniques: number;
}

export interface AuditLogsTable {
  id: string;
  parentId: string | null;
  client: string;
  customerId: string | null;
  projectId: string | null;
  userId: string | null;
  itemId: string | null;
  name: string | null;
  type: string;
  action: string;
  environment: string | null;
  device: string | null;
  changes: string | null;
  createdAt: string;
}

/** Issue 15: an API key (only its SHA-256 is kept), scoped to one project. */
export interface ApiKeysTable {
  id: string;
  customerId: string;
  projectId: string;
  /** The customer admin who made it: the key never does more than they may. */
  userId: string;
  name: string;
  /** The key's visible start (`qrh_…`), to recognise it in a list. */
  prefix: string;
  keyHash: string;
  scope: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export interface WebhooksTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  url: string;
  /** whsec_… (Standard Webhooks); shown to the customer, needed to sign. */
  secret: string;
  /** JSON array of event names. */
  events: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhookId: string;
  event: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  /** pending, delivered or failed (gave up). */
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
}

export interface ImportJobsTable extends Timestamps {
  id: string;
  customerId: string;
  projectId: string;
  userId: string;
  kind: string;
  /** running, done or failed. */
  status: string;
  total: number;
  processed: number;
  created: number;
  skipped: number;
  failed: number;
  error: string | null;
}

export interface ImportKeysTable {
  projectId: string;
  itemType: string;
  key: string;
  itemId: string;
}

export interface Database {
  customers: CustomersTable;
  plans: PlansTable;
  invoices: InvoicesTable;
  vatChecks: VatChecksTable;
  subscriptions: SubscriptionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  recoveryCodes: RecoveryCodesTable;
  pendingLogins: PendingLoginsTable;
  emailVerifications: EmailVerificationsTable;
  loginAttempts: LoginAttemptsTable;
  passwordResets: PasswordResetsTable;
  invitations: InvitationsTable;
  invitationProjects: InvitationProjectsTable;
  projects: ProjectsTable;
  projectUsers: ProjectUsersTable;
  media: MediaTable;
  actions: ActionsTable;
  qrCodes: QrCodesTable;
  shortLinks: ShortLinksTable;
  labels: LabelsTable;
  labelLinks: LabelLinksTable;
  advertisements: AdvertisementsTable;
  advertisementLinks: AdvertisementLinksTable;
  themes: ThemesTable;
  qrCodeTemplates: QrCodeTemplatesTable;
  whiteLabelHostnames: WhiteLabelHostnamesTable;
  platformSettings: PlatformSettingsTable;
  scans: ScansTable;
  scanRollups: ScanRollupsTable;
  auditLogs: AuditLogsTable;
  apiKeys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  importJobs: ImportJobsTable;
  importKeys: ImportKeysTable;
  destinationHealth: DestinationHealthTable;
}

export type CustomerRow = Selectable<CustomersTable>;
export type UserRow = Selectable<UsersTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type NewAuditLog = Insertable<AuditLogsTable>;
export type ProjectPatch = Updateable<ProjectsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
export type PlanRow = Selectable<PlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type ImportJobRow = Selectable<ImportJobsTable>;
