// Who may open which screen: the shared permission table the server enforces (SPEC §6,
// src/shared/permissions.ts), named the way react-admin asks canAccess (`resource.action`). There
// is no role list here: a role reaches a screen exactly when it holds the screen's keys, the same
// keys the API's requirePermission checks on the calls behind it.
import { hasPermission, type PermissionKey } from '../shared/permissions';

export interface AccessRule {
  /** Every key is needed, as with requirePermission(...keys) on the server. */
  key: PermissionKey | readonly PermissionKey[];
}

/** `resource.action` → rule; react-admin asks canAccess with these names. */
export const ACCESS_RULES: Record<string, AccessRule> = {
  'projects.list': { key: 'UserProjectsView' },
  'projects.show': { key: 'ProjectView' },
  // Admins reach every project (SPEC §4), so project management is open to them too.
  'projects.create': { key: 'ProjectCreate' },
  'projects.edit': { key: 'ProjectUpdate' },
  'projects.users': { key: 'ProjectUserLinkCreate' },
  'projects.duplicate': { key: 'ProjectDuplicate' },
  'projects.trash': { key: 'ProjectTrash' },
  'projects.delete': { key: 'ProjectDelete' },
  'projects.auditlogs': { key: 'AuditLogsView' },
  'projects.statistics': { key: 'ProjectQRCodesView' },
  'projects.api-keys': { key: 'ProjectApiKeys' },
  'projects.webhooks': { key: 'ProjectWebhooks' },
  'import.list': { key: 'QRCodeCreate' },
  'customers.list': { key: 'CustomersView' },
  'customers.show': { key: 'CustomersView' },
  'customers.create': { key: 'CustomerCreate' },
  // A customer admin may update its own customer (settings), but the customers area is the admin's.
  'customers.edit': { key: ['CustomersView', 'CustomerUpdate'] },
  'customers.delete': { key: 'CustomerDelete' },
  'users.list': { key: 'UsersView' },
  'users.create': { key: 'UserCreate' },
  'users.edit': { key: 'UserUpdate' },
  'users.show': { key: 'UserUpdate' },
  'users.delete': { key: 'UserDelete' },
  // Project content (SPEC §2: customeradmin and user), keyed like the menu (SPEC §6).
  'home.list': { key: 'ProjectQRCodesView' },
  'qr-codes.list': { key: 'ProjectQRCodesView' },
  'pages.list': { key: 'ProjectQRCodesView' },
  'trash.list': { key: 'ProjectQRCodesView' },
  'short-links.list': { key: 'ProjectShortLinksView' },
  'actions.list': { key: 'ProjectQRLinksView' },
  // SPEC §2 gives templates to users too, and the server lets them use templates in the designer.
  'qr-code-templates.list': { key: 'QRCodeTemplateView' },
  'advertisements.list': { key: 'ProjectAdvertisementsView' },
  'labels.list': { key: 'ProjectLabelsView' },
  'themes.list': { key: 'ProjectThemesView' },
  // The settings area (SPEC §2 and §6): profile and security for everyone signed in.
  'settings.profile': { key: 'UserSelfView' },
  'settings.security': { key: 'UserPassword' },
  'settings.users': { key: 'UsersView' },
  'settings.audit-logs': { key: 'AuditLogsView' },
  // Customer admins read their own hostnames and the DNS record to set.
  'settings.whitelabel': { key: 'WhiteLabelView' },
  'settings.analytics': { key: 'AnalyticsSettings' },
  // Billing (issue 10, SPEC §2 and §6): checkout and the own billing page are the customer
  // admin's; the platform admin reads a customer's billing and activates plans without payment.
  'checkout.list': { key: 'SubscriptionOrder' },
  'billing.list': { key: 'SubscriptionOrder' },
  'settings.checkout': { key: 'SubscriptionOrder' },
  'customers.billing': { key: 'InvoiceUpdate' },
  'plans.list': { key: 'CustomerLimitsUpdate' },
};

/** Resources without a rule of their own are project content (SPEC §2: customeradmin and user). */
const PROJECT_CONTENT: AccessRule = { key: 'ProjectQRCodesView' };

export function allows(role: string | null | undefined, rule: AccessRule): boolean {
  const keys: readonly PermissionKey[] = typeof rule.key === 'string' ? [rule.key] : rule.key;
  return keys.every((key) => hasPermission(role, key));
}

export function canAccessResource(role: string, resource: string, action: string): boolean {
  return allows(role, ACCESS_RULES[`${resource}.${action}`] ?? PROJECT_CONTENT);
}
