// Who may open which screen: SPEC §6 route access combined with the shared permission table.
import { CUSTOMER_ROLES, type Role } from '../shared/enums';
import { hasPermission, type PermissionKey } from '../shared/permissions';

export interface AccessRule {
  /** Roles the route table of SPEC §2 lets in. */
  roles: readonly Role[];
  key: PermissionKey;
}

const ALL_ROLES: readonly Role[] = ['user', 'customeradmin', 'admin'];
const CUSTOMER: readonly Role[] = CUSTOMER_ROLES;
/** Admins reach every project (SPEC §4), so project management is open to them too. */
const PROJECT_MANAGERS: readonly Role[] = ['customeradmin', 'admin'];

/** `resource.action` → rule; react-admin asks canAccess with these names. */
export const ACCESS_RULES: Record<string, AccessRule> = {
  'projects.list': { roles: ALL_ROLES, key: 'UserProjectsView' },
  'projects.show': { roles: ALL_ROLES, key: 'ProjectView' },
  'projects.create': { roles: PROJECT_MANAGERS, key: 'ProjectCreate' },
  'projects.edit': { roles: PROJECT_MANAGERS, key: 'ProjectUpdate' },
  'projects.users': { roles: PROJECT_MANAGERS, key: 'ProjectUserLinkCreate' },
  'projects.duplicate': { roles: PROJECT_MANAGERS, key: 'ProjectDuplicate' },
  'projects.trash': { roles: PROJECT_MANAGERS, key: 'ProjectTrash' },
  'projects.delete': { roles: PROJECT_MANAGERS, key: 'ProjectDelete' },
  'projects.auditlogs': { roles: PROJECT_MANAGERS, key: 'AuditLogsView' },
  'projects.statistics': { roles: CUSTOMER, key: 'ProjectQRCodesView' },
  'projects.api-keys': { roles: PROJECT_MANAGERS, key: 'ProjectApiKeys' },
  'projects.webhooks': { roles: PROJECT_MANAGERS, key: 'ProjectWebhooks' },
  'import.list': { roles: CUSTOMER, key: 'QRCodeCreate' },
  'customers.list': { roles: ['admin'], key: 'CustomersView' },
  'customers.show': { roles: ['admin'], key: 'CustomersView' },
  'customers.create': { roles: ['admin'], key: 'CustomerCreate' },
  'customers.edit': { roles: ['admin'], key: 'CustomerUpdate' },
  'customers.delete': { roles: ['admin'], key: 'CustomerDelete' },
  'users.list': { roles: ALL_ROLES, key: 'UsersView' },
  'users.create': { roles: ALL_ROLES, key: 'UserCreate' },
  'users.edit': { roles: ALL_ROLES, key: 'UserUpdate' },
  'users.show': { roles: ALL_ROLES, key: 'UserUpdate' },
  'users.delete': { roles: ALL_ROLES, key: 'UserDelete' },
  // Project content (SPEC §2: customeradmin and user), keyed like the menu (SPEC §6).
  'home.list': { roles: CUSTOMER, key: 'ProjectQRCodesView' },
  'qr-codes.list': { roles: CUSTOMER, key: 'ProjectQRCodesView' },
  'pages.list': { roles: CUSTOMER, key: 'ProjectQRCodesView' },
  'trash.list': { roles: CUSTOMER, key: 'ProjectQRCodesView' },
  'short-links.list': { roles: CUSTOMER, key: 'ProjectShortLinksView' },
  'actions.list': { roles: CUSTOMER, key: 'ProjectQRLinksView' },
  // SPEC §2 gives templates to users too, and the server lets them use templates in the designer.
  'qr-code-templates.list': { roles: CUSTOMER, key: 'QRCodeTemplateView' },
  'advertisements.list': { roles: CUSTOMER, key: 'ProjectAdvertisementsView' },
  'labels.list': { roles: CUSTOMER, key: 'ProjectLabelsView' },
  'themes.list': { roles: CUSTOMER, key: 'ProjectThemesView' },
  // The settings area (SPEC §2 and §6): profile and security for everyone signed in.
  'settings.profile': { roles: ALL_ROLES, key: 'UserSelfView' },
  'settings.security': { roles: ALL_ROLES, key: 'UserPassword' },
  'settings.users': { roles: PROJECT_MANAGERS, key: 'UsersView' },
  'settings.audit-logs': { roles: PROJECT_MANAGERS, key: 'AuditLogsView' },
  // Customer admins read their own hostnames and the DNS record to set.
  'settings.whitelabel': { roles: ['admin', 'customeradmin'], key: 'WhiteLabelView' },
  'settings.analytics': { roles: ['admin'], key: 'AnalyticsSettings' },
  // Billing (issue 10): checkout and the portal's billing page are the customer admin's.
  'checkout.list': { roles: ['customeradmin'], key: 'SubscriptionView' },
  'billing.list': { roles: ['customeradmin'], key: 'SubscriptionView' },
  'customers.billing': { roles: ['admin'], key: 'InvoiceUpdate' },
  'plans.list': { roles: ['admin'], key: 'CustomerLimitsUpdate' },
  // Checkout (SPEC §2, §6): the customer admin's subscription.
  'settings.checkout': { roles: ['customeradmin'], key: 'SubscriptionView' },
};

export function allows(role: Role | string | null | undefined, rule: AccessRule): boolean {
  return (
    !!role && (rule.roles as readonly string[]).includes(role) && hasPermission(role, rule.key)
  );
}

/** Unknown resources (project content not built yet) are open to customer-group users. */
export function canAccessResource(role: Role, resource: string, action: string): boolean {
  const rule = ACCESS_RULES[`${resource}.${action}`];
  if (rule) return allows(role, rule);
  return (CUSTOMER as readonly string[]).includes(role);
}
