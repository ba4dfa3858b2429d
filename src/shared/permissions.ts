// Permission keys (SPEC §6) and the role → permission table. The API enforces it on every route;
// the dashboard's authProvider and menu read the same table, so the two can never disagree.
import { ROLES, type Role } from './enums.js';

const CRUD_RESOURCES = [
  'Address',
  'Advertisement',
  'Balance',
  'Customer',
  'Invoice',
  'Label',
  'Media',
  'Payment',
  'Project',
  'QRCode',
  'Theme',
  'Tracking',
  'WhiteLabel',
  'ShortLink',
  'QRLink',
  'QRCodeTemplate',
] as const;
const CRUD_VERBS = ['View', 'Create', 'Update', 'Trash', 'Restore', 'Delete', 'Duplicate'] as const;
type CrudKey = `${(typeof CRUD_RESOURCES)[number]}${(typeof CRUD_VERBS)[number]}`;

/** Keys that gate parts of the screen (SPEC §6), plus the rest of the catalogue. */
const SCREEN_KEYS = [
  'UserProjectsView',
  'CustomerSettings',
  'ProjectView',
  'ProjectUpdate',
  'ProjectQRCodesView',
  'ProjectShortLinksView',
  'ProjectQRLinksView',
  'ProjectUserLinkCreate',
  'ProjectUserLinkUpdate',
  'ProjectUserUnlink',
  'ProjectAdvertisementsView',
  'ProjectLabelsView',
  'ProjectThemesView',
  'CustomersView',
  /** The admin-only "manage" screen: a customer's limits and trial end. */
  'CustomerLimitsUpdate',
  'InviteCreate',
  'InviteResend',
  'InviteRevoke',
  'QRLinkFile',
  'QRLinkLink',
  'QRLinkContact',
  'QRLinkCoronaLocation',
  'Registration',
  'SubscriptionView',
  'SubscriptionCancel',
  /** Ordering a plan for one's own customer: the checkout and the customer's own billing page. */
  'SubscriptionOrder',
  'ThemeSetActive',
  'ThemeLogoDelete',
  'UserSelfView',
  'UserUpdate',
  'UserPassword',
  'UserEmail',
  'UserDelete',
  'UserLogout',
  'UsersView',
  'UserCreate',
  'AuditLogsView',
  'WhiteLabelSettings',
  'AnalyticsSettings',
  'CustomerPermissionsUpdate',
  'UserPermissionsUpdate',
  /** Issue 15: a project's API keys and webhooks (never reachable with an API key). */
  'ProjectApiKeys',
  'ProjectWebhooks',
] as const;

export type PermissionKey = (typeof SCREEN_KEYS)[number] | CrudKey;

export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = [
  ...SCREEN_KEYS,
  ...CRUD_RESOURCES.flatMap((resource) =>
    CRUD_VERBS.map((verb) => `${resource}${verb}` as CrudKey),
  ),
];

const crud = (
  resource: (typeof CRUD_RESOURCES)[number],
  verbs: readonly (typeof CRUD_VERBS)[number][] = CRUD_VERBS,
) => verbs.map((verb) => `${resource}${verb}` as CrudKey);

/** The lists on a project's page: its QR codes, short links, Actions, advertisements, … */
const PROJECT_LIST_KEYS: PermissionKey[] = [
  'ProjectQRCodesView',
  'ProjectShortLinksView',
  'ProjectQRLinksView',
  'ProjectAdvertisementsView',
  'ProjectLabelsView',
  'ProjectThemesView',
];

/** The catalogue's keys for a file, link or contact Action. */
const ACTION_KIND_KEYS: PermissionKey[] = ['QRLinkFile', 'QRLinkLink', 'QRLinkContact'];

/**
 * A project's content (SPEC §2 and §6: "customeradmin and user"): the platform admin manages
 * customers and projects, not what is inside them, so neither the API nor the dashboard gives
 * the admin its lists, editors, wizard or statistics.
 */
const CONTENT_KEYS_OF_PROJECT: PermissionKey[] = [
  ...PROJECT_LIST_KEYS,
  ...ACTION_KIND_KEYS,
  'ThemeSetActive',
  'ThemeLogoDelete',
  ...crud('QRCode'),
  ...crud('ShortLink'),
  ...crud('QRLink'),
  ...crud('QRCodeTemplate'),
  ...crud('Label'),
  ...crud('Advertisement'),
  ...crud('Theme'),
  ...crud('Media'),
];
export const PROJECT_CONTENT_KEYS: ReadonlySet<PermissionKey> = new Set(CONTENT_KEYS_OF_PROJECT);

/**
 * What only a customer does for itself: the platform admin belongs to no customer, so it has no
 * subscription to order (it activates a customer's plan directly, with CustomerLimitsUpdate).
 */
export const CUSTOMER_OWN_KEYS: ReadonlySet<PermissionKey> = new Set<PermissionKey>([
  'SubscriptionOrder',
]);

/** What a regular user may do: work with a project's content, and with their own account. */
const USER_KEYS: PermissionKey[] = [
  'UserProjectsView',
  'ProjectView',
  ...CONTENT_KEYS_OF_PROJECT,
  'UserSelfView',
  'UserUpdate',
  'UserPassword',
  'UserEmail',
  'UserLogout',
  'Registration',
];

/** A customer admin also runs the customer: projects, users, invitations, billing, audit logs. */
const CUSTOMERADMIN_KEYS: PermissionKey[] = [
  ...USER_KEYS,
  'CustomerSettings',
  'ProjectUpdate',
  'ProjectUserLinkCreate',
  'ProjectUserLinkUpdate',
  'ProjectUserUnlink',
  'InviteCreate',
  'InviteResend',
  'InviteRevoke',
  'SubscriptionView',
  'SubscriptionCancel',
  'SubscriptionOrder',
  'UsersView',
  'UserCreate',
  'UserDelete',
  'AuditLogsView',
  'UserPermissionsUpdate',
  'ProjectApiKeys',
  'ProjectWebhooks',
  ...crud('Project'),
  ...crud('Address'),
  ...crud('Balance', ['View']),
  ...crud('Invoice', ['View']),
  ...crud('Payment'),
  ...crud('Tracking'),
  ...crud('Customer', ['View', 'Update']),
  // Their own white-label domains, read-only: the platform admin adds and verifies them.
  ...crud('WhiteLabel', ['View']),
];

export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<PermissionKey>>> = {
  user: new Set(USER_KEYS),
  customeradmin: new Set(CUSTOMERADMIN_KEYS),
  admin: new Set(
    ALL_PERMISSION_KEYS.filter(
      (key) => !PROJECT_CONTENT_KEYS.has(key) && !CUSTOMER_OWN_KEYS.has(key),
    ),
  ),
};

export function permissionsOf(role: Role): PermissionKey[] {
  return [...ROLE_PERMISSIONS[role]].sort();
}

export function hasPermission(role: Role | string | undefined | null, key: PermissionKey): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].has(key);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Which roles a user of `actor` role may hand out. Customer admins may create users and other
 * customer admins of their own customer; only platform admins may create admins.
 */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'admin') return ROLES;
  if (actor === 'customeradmin') return ['user', 'customeradmin'];
  return [];
}

/** SPEC §6: an unknown role "does not exist"; a known one the actor may not hand out "may not be used". */
export type RoleCheck =
  { ok: true } | { ok: false; code: 'role_does_not_exist' | 'role_not_allowed' };
export function checkAssignableRole(actor: Role, requested: unknown): RoleCheck {
  if (!isRole(requested)) return { ok: false, code: 'role_does_not_exist' };
  if (!assignableRoles(actor).includes(requested)) return { ok: false, code: 'role_not_allowed' };
  return { ok: true };
}

export const API_KEY_SCOPES = ['read', 'content', 'full'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const PROJECT_CONTENT = [
  'QRCode',
  'ShortLink',
  'QRLink',
  'QRCodeTemplate',
  'Label',
  'Media',
] as const;
const READ_KEYS: PermissionKey[] = [
  'UserProjectsView',
  'ProjectView',
  ...PROJECT_LIST_KEYS,
  ...[...PROJECT_CONTENT, 'Advertisement', 'Theme'].map((resource) => `${resource}View` as CrudKey),
];
const CONTENT_KEYS: PermissionKey[] = [
  ...READ_KEYS,
  ...ACTION_KIND_KEYS,
  ...PROJECT_CONTENT.flatMap((resource) => crud(resource)),
];

/**
 * What an API key of each scope may do at most (issue 15): read, change the project's content, or
 * also its advertisements, themes and settings. Never users, billing, keys or webhooks; the key's
 * actor gets the intersection of this set with its creator's role.
 */
export const API_KEY_SCOPE_PERMISSIONS: Readonly<Record<ApiKeyScope, ReadonlySet<PermissionKey>>> =
  {
    read: new Set(READ_KEYS),
    content: new Set(CONTENT_KEYS),
    full: new Set([
      ...CONTENT_KEYS,
      ...crud('Advertisement'),
      ...crud('Theme'),
      'ThemeSetActive',
      'ThemeLogoDelete',
      'ProjectUpdate',
    ]),
  };

/** The permission keys of an API key: its scope's, as far as its creator's role has them. */
export function apiKeyPermissionsOf(scope: ApiKeyScope, creatorRole: Role): Set<PermissionKey> {
  return new Set(
    [...API_KEY_SCOPE_PERMISSIONS[scope]].filter((key) => hasPermission(creatorRole, key)),
  );
}
