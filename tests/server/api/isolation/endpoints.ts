// Every API endpoint that takes an id, in one list: adding a route to the isolation tests is one
// line here. Paths name their ids by key (`:pid`, `:qrCode`, …; see TenantIds); bodies are valid,
// so a refusal can only come from the id check, and they refer to the caller's own items.
import { ulid } from 'ulidx';
import type { ApiErrorCode } from '../../../../src/shared/errors.js';
import type { PermissionKey } from '../../../../src/shared/permissions.js';
import { DEFAULT_QR_DESIGN } from '../../../../src/shared/schemas/qrCode.js';
import {
  contactAction,
  qrDesignWithLogo,
  themeSettingsWith,
  VALID_AD,
  type IdKey,
  type TenantIds,
} from './fixtures.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** With `:key` placeholders for ids, e.g. `/projects/:pid/qr-codes/:qrCode`. */
  path: string;
  /** Every key the route checks before it looks at the id (for callers without one: 403). */
  perms: PermissionKey[];
  /** The 404 code of the item the path ends with. */
  notFound: ApiErrorCode;
  /** A valid body, built from the caller's own ids. */
  body?: (own: TenantIds) => unknown;
}

const e = (
  method: Method,
  path: string,
  perms: PermissionKey[],
  notFound: ApiErrorCode,
  body?: (own: TenantIds) => unknown,
): Endpoint => ({ method, path, perms, notFound, body });

const P = 'project_not_found';
const link = { name: 'Hacked', objectType: 'link', data: { link: 'https://evil.example/' } };

/** Every endpoint with an id in its path (the scan service and GET /file are tested apart). */
export const ENDPOINTS: Endpoint[] = [
  // Projects
  e('GET', '/projects/:pid', ['ProjectView'], P),
  e('GET', '/projects/:trashedPid', ['ProjectView'], P),
  e('PUT', '/projects/:pid', ['ProjectUpdate'], P, () => ({ name: 'Hacked' })),
  e('POST', '/projects/:pid/duplicate', ['ProjectDuplicate'], P),
  e('DELETE', '/projects/:pid/trash', ['ProjectTrash'], P),
  e('DELETE', '/projects/:pid', ['ProjectDelete'], P),
  e('DELETE', '/projects/:trashedPid', ['ProjectDelete'], P),
  e('GET', '/projects/:pid/status', ['ProjectView'], P),
  e('GET', '/projects/:pid/users', ['ProjectView'], P),
  e('GET', '/projects/:pid/utm-presets', ['QRLinkView'], P),
  e('PUT', '/projects/:pid/utm-presets', ['QRLinkUpdate'], P, () => ({
    presets: [{ name: 'Hacked', tags: { source: 'evil' } }],
  })),
  e('POST', '/projects/:pid/users', ['ProjectUserLinkCreate'], P, (own) => ({ id: own.user })),
  e('PUT', '/projects/:pid/users', ['ProjectUserLinkUpdate'], P, (own) => ({
    id: own.user,
    canManage: true,
  })),
  e('DELETE', '/projects/:pid/users', ['ProjectUserUnlink'], P, (own) => ({ id: own.user })),
  // API keys (issue 15)
  e('GET', '/projects/:pid/api-keys', ['ProjectApiKeys'], P),
  e('POST', '/projects/:pid/api-keys', ['ProjectApiKeys'], P, () => ({
    name: 'Hacked',
    scope: 'full',
  })),
  e('DELETE', '/projects/:pid/api-keys/:apiKey', ['ProjectApiKeys'], 'api_key_not_found'),
  // Webhooks (issue 15)
  e('GET', '/projects/:pid/webhooks', ['ProjectWebhooks'], P),
  e('POST', '/projects/:pid/webhooks', ['ProjectWebhooks'], P, () => ({
    url: 'https://evil.example/hook',
    events: ['scan'],
  })),
  e('GET', '/projects/:pid/webhooks/:webhook', ['ProjectWebhooks'], 'webhook_not_found'),
  e('PUT', '/projects/:pid/webhooks/:webhook', ['ProjectWebhooks'], 'webhook_not_found', () => ({
    url: 'https://evil.example/hook',
  })),
  e('DELETE', '/projects/:pid/webhooks/:webhook', ['ProjectWebhooks'], 'webhook_not_found'),
  e('GET', '/projects/:pid/webhooks/:webhook/deliveries', ['ProjectWebhooks'], 'webhook_not_found'),
  e(
    'POST',
    '/projects/:pid/webhooks/:webhook/deliveries/:delivery/resend',
    ['ProjectWebhooks'],
    'webhook_not_found',
  ),
  // Import (issue 15)
  e(
    'POST',
    '/projects/:pid/imports/preview?kind=qr_code',
    ['ProjectView'],
    P,
    () => 'name,url\r\nA,https://a.example',
  ),
  e(
    'POST',
    '/projects/:pid/imports?kind=qr_code',
    ['ProjectView', 'QRCodeCreate'],
    P,
    () => 'name,url\r\nA,https://a.example',
  ),
  e('GET', '/projects/:pid/imports/:importJob', ['ProjectView'], 'import_job_not_found'),
  e('GET', '/projects/:pid/exports/:exportList', ['ProjectView', 'QRCodeView'], P),
  // Customers
  e('GET', '/customers/:customer', ['CustomerView'], 'customer_not_found'),
  e('PUT', '/customers/:customer', ['CustomerUpdate'], 'customer_not_found', () => ({
    name: 'Hacked BV',
  })),
  e('DELETE', '/customers/:customer', ['CustomerDelete'], 'customer_not_found'),
  e('PUT', '/customers/:customer/limits', ['CustomerLimitsUpdate'], 'customer_not_found', () => ({
    maxQrCodes: 1,
    maxScans: 1,
    maxStorage: 1,
    maxUsers: 1,
    maxShortLinks: 1,
  })),
  e('GET', '/customers/:customer/subscription', ['SubscriptionView'], 'customer_not_found'),
  e('GET', '/customers/:customer/progress', ['CustomerView'], 'customer_not_found'),
  e('PUT', '/customers/:customer/progress', ['CustomerUpdate'], 'customer_not_found', () => ({
    done: true,
  })),
  e('GET', '/customers/:customer/status', ['CustomerView'], 'customer_not_found'),
  e('PUT', '/customers/:customer/two-factor', ['CustomerUpdate'], 'customer_not_found', () => ({
    required: false,
  })),
  e('GET', '/customers/:customer/projects', ['ProjectView', 'CustomerView'], 'customer_not_found'),
  e('GET', '/customers/:customer/users', ['UsersView'], 'customer_not_found'),
  e('POST', '/customers/:customer/users', ['UserCreate'], 'customer_not_found', () => ({
    name: 'Intruder',
    email: `intruder-${ulid().toLowerCase()}@example.com`,
    role: 'user',
  })),
  // White-label hostnames
  e('GET', '/customers/:customer/white-label-hostnames', ['WhiteLabelView'], 'customer_not_found'),
  e(
    'POST',
    '/customers/:customer/white-label-hostnames',
    ['WhiteLabelSettings'],
    'customer_not_found',
    () => ({ hostname: `intruder-${ulid().toLowerCase()}.example.com` }),
  ),
  e(
    'PUT',
    '/customers/:customer/white-label-hostnames/:whiteLabel',
    ['WhiteLabelSettings'],
    'white_label_hostname_not_found',
    () => ({ verified: true, primary: true }),
  ),
  e(
    'POST',
    '/customers/:customer/white-label-hostnames/:whiteLabel/verify',
    ['WhiteLabelSettings'],
    'white_label_hostname_not_found',
  ),
  e(
    'DELETE',
    '/customers/:customer/white-label-hostnames/:whiteLabel',
    ['WhiteLabelSettings'],
    'white_label_hostname_not_found',
  ),
  // Plans, the subscription and invoices (issue 10)
  e('PUT', '/plans/:plan', ['CustomerLimitsUpdate'], 'plan_not_found', () => ({
    name: 'Hacked',
    priceMonthCents: 1,
    limits: { qrCodes: -1, scans: -1, storage: -1, users: -1, shortLinks: -1 },
    supportLevel: 'premium',
  })),
  e('DELETE', '/plans/:plan', ['CustomerLimitsUpdate'], 'plan_not_found'),
  e('GET', '/customers/:customer/billing', ['SubscriptionView'], 'customer_not_found'),
  e(
    'POST',
    '/customers/:customer/subscription',
    ['CustomerLimitsUpdate'],
    'customer_not_found',
    (own) => ({
      planId: own.plan,
      billingPeriod: 'month',
    }),
  ),
  e(
    'POST',
    '/customers/:customer/subscription/cancel',
    ['SubscriptionCancel'],
    'customer_not_found',
  ),
  e(
    'POST',
    '/customers/:customer/subscription/reactivate',
    ['SubscriptionCancel'],
    'customer_not_found',
  ),
  e('POST', '/customers/:customer/subscription/portal', ['SubscriptionView'], 'customer_not_found'),
  e('GET', '/customers/:customer/invoices', ['InvoiceView'], 'customer_not_found'),
  e('GET', '/customers/:customer/invoices/:invoice/pdf', ['InvoiceView'], 'invoice_not_found'),
  e('POST', '/customers/:customer/invoices/:invoice/paid', ['InvoiceUpdate'], 'invoice_not_found'),
  e('PUT', '/projects/:pid/limits', ['CustomerSettings', 'ProjectUpdate'], P, () => ({
    maxQrCodes: 1,
    maxScans: 1,
    maxStorage: 1,
    maxShortLinks: 1,
  })),
  e('GET', '/customers/:customer/usage-forecast', ['ProjectView'], 'customer_not_found'),
  // Users (another account needs UsersView before its id is looked at)
  e('GET', '/users/:user', ['UsersView'], 'user_not_found'),
  e('PUT', '/users/:user', ['UserUpdate', 'UsersView'], 'user_not_found', () => ({
    name: 'Hacked',
  })),
  e('DELETE', '/users/:user', ['UserDelete', 'UsersView'], 'user_not_found'),
  e('GET', '/users/:user/projects', ['UserProjectsView', 'UsersView'], 'user_not_found'),
  // Accounts and invitations (issue 9)
  e('GET', '/customers/:customer/accounts', ['UsersView'], 'customer_not_found'),
  e('POST', '/users/:user/deactivate', ['UserUpdate', 'UsersView'], 'user_not_found'),
  e('POST', '/users/:user/activate', ['UserUpdate', 'UsersView'], 'user_not_found'),
  e(
    'PUT',
    '/users/:user/projects',
    ['ProjectUserLinkCreate', 'ProjectUserUnlink', 'UsersView'],
    'user_not_found',
    (own) => ({ projectIds: [own.pid] }),
  ),
  e('GET', '/customers/:customer/invites', ['InviteCreate'], 'customer_not_found'),
  e('POST', '/customers/:customer/invites', ['InviteCreate'], 'customer_not_found', () => ({
    email: `intruder-${ulid().toLowerCase()}@example.com`,
    role: 'user',
  })),
  e('POST', '/customers/:customer/invites/:invite/resend', ['InviteResend'], 'invite_not_found'),
  e('DELETE', '/customers/:customer/invites/:invite', ['InviteRevoke'], 'invite_not_found'),
  // Audit logs
  e('GET', '/audit-logs/:auditLog', ['AuditLogsView'], 'audit_log_not_found'),
  e('POST', '/audit-logs/:auditLog/restore', ['AuditLogsView'], 'audit_log_not_found'),
  // Actions
  e('GET', '/projects/:pid/actions', ['QRLinkView'], P),
  e('POST', '/projects/:pid/actions', ['QRLinkCreate'], P, () => link),
  e('GET', '/projects/:pid/actions/:action', ['QRLinkView'], 'qrlink_not_found'),
  e('PUT', '/projects/:pid/actions/:action', ['QRLinkUpdate'], 'qrlink_not_found', () => link),
  e('PUT', '/projects/:pid/actions/:contactAction', ['QRLinkUpdate'], 'qrlink_not_found', () =>
    contactAction(null),
  ),
  e('DELETE', '/projects/:pid/actions/:action', ['QRLinkDelete'], 'qrlink_not_found'),
  e('DELETE', '/projects/:pid/actions/:contactAction', ['QRLinkDelete'], 'qrlink_not_found'),
  e('POST', '/projects/:pid/actions/:action/duplicate', ['QRLinkDuplicate'], 'qrlink_not_found'),
  e('GET', '/projects/:pid/actions/:action/qr-codes', ['QRLinkView'], 'qrlink_not_found'),
  e('POST', '/projects/:pid/actions/:action/simulate', ['QRLinkView'], 'qrlink_not_found', () => ({
    country: 'NL',
  })),
  e('GET', '/projects/:pid/actions/:action/placements', ['QRLinkView'], 'qrlink_not_found'),
  e(
    'POST',
    '/projects/:pid/actions/:action/placements',
    ['QRCodeCreate'],
    'qrlink_not_found',
    () => ({
      names: ['Hacked poster'],
    }),
  ),
  e('GET', '/projects/:pid/pages/:contactAction/preview', ['QRLinkView'], 'qrlink_not_found'),
  // QR codes
  e('GET', '/projects/:pid/qr-codes', ['QRCodeView'], P),
  e('GET', '/projects/:pid/qr-codes/print-pack?ids=:qrCode', ['QRCodeView'], P),
  e('POST', '/projects/:pid/qr-codes', ['QRCodeCreate'], P, () => ({ name: 'Hacked' })),
  e('GET', '/projects/:pid/qr-codes/:qrCode', ['QRCodeView'], 'qr_code_not_found'),
  e('GET', '/projects/:pid/qr-codes/:qrCode/download', ['QRCodeView'], 'qr_code_not_found'),
  e('GET', '/projects/:pid/qr-codes/:qrCode/scan-check', ['QRCodeView'], 'qr_code_not_found'),
  e('GET', '/projects/:pid/qr-codes/:trashedQrCode', ['QRCodeView'], 'qr_code_not_found'),
  e('PUT', '/projects/:pid/qr-codes/:qrCode', ['QRCodeUpdate'], 'qr_code_not_found', () => ({
    name: 'Hacked',
    actionId: null,
  })),
  e('POST', '/projects/:pid/qr-codes/:qrCode/duplicate', ['QRCodeDuplicate'], 'qr_code_not_found'),
  e('DELETE', '/projects/:pid/qr-codes/:qrCode/trash', ['QRCodeTrash'], 'qr_code_not_found'),
  e(
    'POST',
    '/projects/:pid/qr-codes/:trashedQrCode/restore',
    ['QRCodeRestore'],
    'qr_code_not_found',
  ),
  e('DELETE', '/projects/:pid/qr-codes/:trashedQrCode', ['QRCodeDelete'], 'qr_code_not_found'),
  e('DELETE', '/projects/:pid/qr-codes/:qrCode', ['QRCodeDelete'], 'qr_code_not_found'),
  // Trash
  e('GET', '/projects/:pid/trash', ['QRCodeView', 'ShortLinkView'], P),
  e('DELETE', '/projects/:pid/trash/items', ['QRCodeDelete', 'ShortLinkDelete'], P),
  // QR code templates
  e('GET', '/projects/:pid/qr-code-templates', ['QRCodeTemplateView'], P),
  e('POST', '/projects/:pid/qr-code-templates', ['QRCodeTemplateCreate'], P, () => ({
    name: 'Hacked',
    design: DEFAULT_QR_DESIGN,
  })),
  e('GET', '/projects/:pid/qr-code-templates/:template', ['QRCodeTemplateView'], 'not_found'),
  e(
    'PUT',
    '/projects/:pid/qr-code-templates/:template',
    ['QRCodeTemplateUpdate'],
    'not_found',
    () => ({
      name: 'Hacked',
      design: DEFAULT_QR_DESIGN,
    }),
  ),
  e('DELETE', '/projects/:pid/qr-code-templates/:template', ['QRCodeTemplateDelete'], 'not_found'),
  // Short links
  e('GET', '/projects/:pid/short-links', ['ShortLinkView'], P),
  e('GET', '/projects/:pid/short-links/suggest-uri', ['ShortLinkCreate'], P),
  e('POST', '/projects/:pid/short-links', ['ShortLinkCreate'], P, () => ({
    uri: `h${ulid().toLowerCase()}`,
    name: 'Hacked',
  })),
  e('GET', '/projects/:pid/short-links/:shortLink', ['ShortLinkView'], 'short_link_not_found'),
  e(
    'GET',
    '/projects/:pid/short-links/:shortLink/download',
    ['ShortLinkView'],
    'short_link_not_found',
  ),
  e(
    'GET',
    '/projects/:pid/short-links/:shortLink/scan-check',
    ['ShortLinkView'],
    'short_link_not_found',
  ),
  e(
    'GET',
    '/projects/:pid/short-links/:trashedShortLink',
    ['ShortLinkView'],
    'short_link_not_found',
  ),
  e(
    'PUT',
    '/projects/:pid/short-links/:shortLink',
    ['ShortLinkUpdate'],
    'short_link_not_found',
    () => ({
      name: 'Hacked',
      actionId: null,
    }),
  ),
  e(
    'POST',
    '/projects/:pid/short-links/:shortLink/duplicate',
    ['ShortLinkDuplicate'],
    'short_link_not_found',
  ),
  e(
    'DELETE',
    '/projects/:pid/short-links/:shortLink/trash',
    ['ShortLinkTrash'],
    'short_link_not_found',
  ),
  e(
    'POST',
    '/projects/:pid/short-links/:trashedShortLink/restore',
    ['ShortLinkRestore'],
    'short_link_not_found',
  ),
  e(
    'DELETE',
    '/projects/:pid/short-links/:trashedShortLink',
    ['ShortLinkDelete'],
    'short_link_not_found',
  ),
  // Labels
  e('GET', '/projects/:pid/labels', ['LabelView'], P),
  e('POST', '/projects/:pid/labels', ['LabelCreate'], P, () => ({ name: 'Hacked' })),
  e('GET', '/projects/:pid/labels/:label', ['LabelView'], 'label_not_found'),
  e('PUT', '/projects/:pid/labels/:label', ['LabelUpdate'], 'label_not_found', () => ({
    name: 'Hacked',
  })),
  e('DELETE', '/projects/:pid/labels/:label', ['LabelDelete'], 'label_not_found'),
  e(
    'POST',
    '/projects/:pid/labels/:label/items',
    ['LabelView', 'QRCodeUpdate'],
    'label_not_found',
    (own) => ({
      itemType: 'qr_code',
      itemIds: [own.qrCode],
    }),
  ),
  e(
    'PUT',
    '/projects/:pid/qr-codes/:qrCode/labels',
    ['LabelView', 'QRCodeUpdate'],
    'qr_code_not_found',
    () => ({
      labelIds: [],
    }),
  ),
  e(
    'PUT',
    '/projects/:pid/short-links/:shortLink/labels',
    ['LabelView', 'ShortLinkUpdate'],
    'short_link_not_found',
    () => ({ labelIds: [] }),
  ),
  e(
    'PUT',
    '/projects/:pid/actions/:action/labels',
    ['LabelView', 'QRLinkUpdate'],
    'qrlink_not_found',
    () => ({
      labelIds: [],
    }),
  ),
  e('GET', '/projects/:pid/item-labels?itemType=qr_code&ids=:qrCode', ['LabelView'], P),
  // Themes
  e('GET', '/projects/:pid/themes', ['ProjectThemesView', 'ThemeView'], P),
  e('POST', '/projects/:pid/themes', ['ThemeCreate'], P, () => ({ name: 'Hacked' })),
  e('POST', '/projects/:pid/themes/preview', ['ThemeView'], P, () => ({
    settings: themeSettingsWith(null, null),
  })),
  e('GET', '/projects/:pid/themes/:theme', ['ThemeView'], 'not_found'),
  e('PUT', '/projects/:pid/themes/:theme', ['ThemeUpdate'], 'not_found', () => ({
    name: 'Hacked',
  })),
  e('DELETE', '/projects/:pid/themes/:theme', ['ThemeDelete'], 'not_found'),
  e('POST', '/projects/:pid/themes/:theme/duplicate', ['ThemeDuplicate'], 'not_found'),
  e('POST', '/projects/:pid/themes/:theme/activate', ['ThemeSetActive'], 'not_found'),
  e('DELETE', '/projects/:pid/themes/:theme/logo', ['ThemeLogoDelete'], 'not_found'),
  // Advertisements
  e('GET', '/projects/:pid/advertisements', ['AdvertisementView'], P),
  e('POST', '/projects/:pid/advertisements', ['AdvertisementCreate'], P, () => VALID_AD),
  e('GET', '/projects/:pid/advertisements/:ad', ['AdvertisementView'], 'campaign_not_found'),
  e(
    'PUT',
    '/projects/:pid/advertisements/:ad',
    ['AdvertisementUpdate'],
    'campaign_not_found',
    () => ({
      ...VALID_AD,
      name: 'Hacked',
    }),
  ),
  e('DELETE', '/projects/:pid/advertisements/:ad', ['AdvertisementDelete'], 'campaign_not_found'),
  e(
    'GET',
    '/projects/:pid/advertisements/:ad/qr-codes',
    ['AdvertisementView', 'QRCodeView'],
    'campaign_not_found',
  ),
  e(
    'PUT',
    '/projects/:pid/advertisements/:ad/qr-codes',
    ['AdvertisementUpdate', 'QRCodeView'],
    'campaign_not_found',
    () => ({ qrCodeIds: [] }),
  ),
  e('GET', '/projects/:pid/advertisements/:ad/stats', ['AdvertisementView'], 'campaign_not_found'),
  e(
    'GET',
    '/projects/:pid/qr-codes/:qrCode/advertisements',
    ['QRCodeView', 'AdvertisementView'],
    'qr_code_not_found',
  ),
  e(
    'PUT',
    '/projects/:pid/qr-codes/:qrCode/advertisements',
    ['QRCodeView', 'AdvertisementUpdate'],
    'qr_code_not_found',
    () => ({ advertisementIds: [] }),
  ),
  // Statistics (the project id is a query parameter)
  e('GET', '/analytics/timeseries?projectId=:pid', ['ProjectView'], P),
  e('GET', '/analytics/export?chart=timeseries&projectId=:pid', ['ProjectView'], P),
  e('GET', '/analytics/scans.csv?projectId=:pid', ['ProjectView'], P),
  e('GET', '/analytics/live?projectId=:pid', ['ProjectView'], P),
];

/** The ids a path names, in order. */
export function idKeysOf(path: string): IdKey[] {
  return [...path.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1] as IdKey);
}

/** The path with each id taken from `idOf`. */
export function fillPath(path: string, idOf: (key: IdKey) => string): string {
  return `/api${path.replace(/:([a-zA-Z]+)/g, (_match, key: string) => idOf(key as IdKey))}`;
}

/** Keys below a project: with the caller's own project in the path they still must be refused. */
export const PROJECT_ITEM_KEYS: readonly IdKey[] = [
  'apiKey',
  'importJob',
  'webhook',
  'delivery',
  'action',
  'contactAction',
  'qrCode',
  'trashedQrCode',
  'template',
  'shortLink',
  'trashedShortLink',
  'label',
  'theme',
  'ad',
];

/** Keys of customer-level resources: only another customer's ids are foreign for these. */
export const CUSTOMER_KEYS: readonly IdKey[] = [
  'customer',
  'user',
  'auditLog',
  'whiteLabel',
  'invite',
];

/** The 404 code a request answers when `key` is the first unknown id in its path. */
export function notFoundCodeOf(endpoint: Endpoint, key: IdKey): ApiErrorCode {
  if (key === 'pid' || key === 'trashedPid') return 'project_not_found';
  // The customer of the path is checked before the item below it.
  if (key === 'customer') return 'customer_not_found';
  return endpoint.notFound;
}

export interface BodyReference {
  name: string;
  method: Method;
  /** The caller's own ids fill the path. */
  path: string;
  perms: PermissionKey[];
  /** A body that is valid except for the foreign id it refers to. */
  body: (own: TenantIds, foreign: TenantIds) => unknown;
  status: 404 | 422;
  code: ApiErrorCode;
  pointer?: string;
  /** Only meaningful with another customer's ids (e.g. users: same-customer ones are allowed). */
  customerLevel?: boolean;
}

const ref = (
  name: string,
  method: Method,
  path: string,
  perms: PermissionKey[],
  body: BodyReference['body'],
  expected: { status?: 404 | 422; code?: ApiErrorCode; pointer?: string; customerLevel?: boolean },
): BodyReference => ({
  name,
  method,
  path,
  perms,
  body,
  status: expected.status ?? 422,
  code: expected.code ?? 'invalid',
  pointer: expected.pointer,
  customerLevel: expected.customerLevel,
});

/** Bodies that refer to foreign ids, sent to the caller's own project. */
export const BODY_REFERENCES: BodyReference[] = [
  ref(
    'Invitation: projectIds',
    'POST',
    '/customers/:customer/invites',
    ['InviteCreate'],
    (_o, f) => ({
      email: `x-${ulid().toLowerCase()}@example.com`,
      role: 'user',
      projectIds: [f.pid],
    }),
    { pointer: '/projectIds/0' },
  ),
  ref(
    'Account: projectIds',
    'PUT',
    '/users/:user/projects',
    ['ProjectUserLinkCreate', 'ProjectUserUnlink', 'UsersView'],
    (_o, f) => ({ projectIds: [f.pid] }),
    { pointer: '/projectIds/0' },
  ),
  ref(
    'QR code: actionId',
    'POST',
    '/projects/:pid/qr-codes',
    ['QRCodeCreate'],
    (_o, f) => ({
      name: 'X',
      actionId: f.action,
    }),
    { pointer: '/actionId' },
  ),
  ref(
    'QR code: templateId',
    'POST',
    '/projects/:pid/qr-codes',
    ['QRCodeCreate'],
    (_o, f) => ({
      name: 'X',
      templateId: f.template,
    }),
    { pointer: '/templateId' },
  ),
  ref(
    'QR code: logo',
    'POST',
    '/projects/:pid/qr-codes',
    ['QRCodeCreate'],
    (_o, f) => ({
      name: 'X',
      design: qrDesignWithLogo(f.media),
    }),
    { pointer: '/design/logo/mediaId' },
  ),
  ref(
    'QR code edit: actionId',
    'PUT',
    '/projects/:pid/qr-codes/:qrCode',
    ['QRCodeUpdate'],
    (_o, f) => ({
      actionId: f.action,
    }),
    { pointer: '/actionId' },
  ),
  ref(
    'QR code edit: templateId',
    'PUT',
    '/projects/:pid/qr-codes/:qrCode',
    ['QRCodeUpdate'],
    (_o, f) => ({
      templateId: f.template,
    }),
    { pointer: '/templateId' },
  ),
  ref(
    'QR code edit: logo',
    'PUT',
    '/projects/:pid/qr-codes/:qrCode',
    ['QRCodeUpdate'],
    (_o, f) => ({
      design: qrDesignWithLogo(f.media),
    }),
    { pointer: '/design/logo/mediaId' },
  ),
  ref(
    'template: logo',
    'POST',
    '/projects/:pid/qr-code-templates',
    ['QRCodeTemplateCreate'],
    (_o, f) => ({
      name: 'Foreign logo',
      design: qrDesignWithLogo(f.media),
    }),
    { pointer: '/design/logo/mediaId' },
  ),
  ref(
    'template edit: logo',
    'PUT',
    '/projects/:pid/qr-code-templates/:template',
    ['QRCodeTemplateUpdate'],
    (_o, f) => ({
      name: 'Foreign logo',
      design: qrDesignWithLogo(f.media),
    }),
    { pointer: '/design/logo/mediaId' },
  ),
  ref(
    'short link: actionId',
    'POST',
    '/projects/:pid/short-links',
    ['ShortLinkCreate'],
    (_o, f) => ({
      uri: `f${ulid().toLowerCase()}`,
      name: 'X',
      actionId: f.action,
    }),
    { pointer: '/actionId' },
  ),
  ref(
    'short link edit: actionId',
    'PUT',
    '/projects/:pid/short-links/:shortLink',
    ['ShortLinkUpdate'],
    (_o, f) => ({
      actionId: f.action,
    }),
    { pointer: '/actionId' },
  ),
  ref(
    'Action: avatar',
    'POST',
    '/projects/:pid/actions',
    ['QRLinkCreate'],
    (_o, f) => contactAction(f.avatar),
    { pointer: '/data/avatar' },
  ),
  ref(
    'Action edit: avatar',
    'PUT',
    '/projects/:pid/actions/:contactAction',
    ['QRLinkUpdate'],
    (_o, f) => contactAction(f.avatar),
    { pointer: '/data/avatar' },
  ),
  ref(
    'advertisement: image',
    'POST',
    '/projects/:pid/advertisements',
    ['AdvertisementCreate'],
    (_o, f) => ({
      ...VALID_AD,
      imageMediaId: f.media,
    }),
    { pointer: '/imageMediaId' },
  ),
  ref(
    'advertisement edit: image',
    'PUT',
    '/projects/:pid/advertisements/:ad',
    ['AdvertisementUpdate'],
    (_o, f) => ({
      ...VALID_AD,
      imageMediaId: f.media,
    }),
    { pointer: '/imageMediaId' },
  ),
  ref(
    'advertisement: qrCodeIds',
    'PUT',
    '/projects/:pid/advertisements/:ad/qr-codes',
    ['AdvertisementUpdate', 'QRCodeView'],
    (o, f) => ({ qrCodeIds: [o.qrCode, f.qrCode] }),
    { pointer: '/qrCodeIds/1' },
  ),
  ref(
    'QR code: advertisementIds',
    'PUT',
    '/projects/:pid/qr-codes/:qrCode/advertisements',
    ['QRCodeView', 'AdvertisementUpdate'],
    (o, f) => ({ advertisementIds: [f.ad, o.ad] }),
    { pointer: '/advertisementIds/0' },
  ),
  ...(
    [
      ['qr-codes', 'qrCode', 'QRCodeUpdate'],
      ['short-links', 'shortLink', 'ShortLinkUpdate'],
      ['actions', 'action', 'QRLinkUpdate'],
    ] as const
  ).map(([path, key, update]) =>
    ref(
      `${path}: labelIds`,
      'PUT',
      `/projects/:pid/${path}/:${key}/labels`,
      ['LabelView', update],
      (_o, f) => ({ labelIds: [f.label] }),
      { status: 404, code: 'label_not_found' },
    ),
  ),
  ...(
    [
      ['qr_code', 'qrCode', 'QRCodeUpdate', 'qr_code_not_found'],
      ['short_link', 'shortLink', 'ShortLinkUpdate', 'short_link_not_found'],
      ['action', 'action', 'QRLinkUpdate', 'qrlink_not_found'],
    ] as const
  ).map(([itemType, key, update, code]) =>
    ref(
      `label items: ${itemType}`,
      'POST',
      '/projects/:pid/labels/:label/items',
      ['LabelView', update],
      (o, f) => ({ itemType, itemIds: [o[key], f[key]] }),
      { status: 404, code },
    ),
  ),
  ref(
    'theme: logo',
    'POST',
    '/projects/:pid/themes',
    ['ThemeCreate'],
    (_o, f) => ({
      name: 'Foreign',
      settings: themeSettingsWith(f.media, null),
    }),
    { pointer: '/settings/logo/mediaId' },
  ),
  ref(
    'theme: background',
    'POST',
    '/projects/:pid/themes',
    ['ThemeCreate'],
    (_o, f) => ({
      name: 'Foreign',
      settings: themeSettingsWith(null, f.media),
    }),
    { pointer: '/settings/background/imageMediaId' },
  ),
  ref(
    'theme edit: logo',
    'PUT',
    '/projects/:pid/themes/:theme',
    ['ThemeUpdate'],
    (o, f) => ({
      settings: themeSettingsWith(f.media, o.media),
    }),
    { pointer: '/settings/logo/mediaId' },
  ),
  ref(
    'theme preview: logo',
    'POST',
    '/projects/:pid/themes/preview',
    ['ThemeView'],
    (_o, f) => ({
      settings: themeSettingsWith(f.media, null),
    }),
    { pointer: '/settings/logo/mediaId' },
  ),
  ref(
    'project: link user',
    'POST',
    '/projects/:pid/users',
    ['ProjectUserLinkCreate'],
    (_o, f) => ({
      id: f.user,
    }),
    { status: 404, code: 'user_not_found', customerLevel: true },
  ),
  ref(
    'project: update user link',
    'PUT',
    '/projects/:pid/users',
    ['ProjectUserLinkUpdate'],
    (_o, f) => ({
      id: f.user,
      canManage: true,
    }),
    { status: 404, code: 'user_not_found', customerLevel: true },
  ),
  ref(
    'project: unlink user',
    'DELETE',
    '/projects/:pid/users',
    ['ProjectUserUnlink'],
    (_o, f) => ({
      id: f.user,
    }),
    { status: 404, code: 'user_not_found', customerLevel: true },
  ),
];
