import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/shared/enums.js';
import {
  ALL_PERMISSION_KEYS,
  assignableRoles,
  checkAssignableRole,
  hasPermission,
  isRole,
  permissionsOf,
  CUSTOMER_OWN_KEYS,
  PROJECT_CONTENT_KEYS,
  ROLE_PERMISSIONS,
  type PermissionKey,
} from '../../src/shared/permissions.js';

describe('ROLE_PERMISSIONS', () => {
  it.each<[PermissionKey, boolean, boolean, boolean]>([
    // key, user, customeradmin, admin
    ['ProjectView', true, true, true],
    ['UserProjectsView', true, true, true],
    ['QRCodeCreate', true, true, false],
    ['ProjectQRCodesView', true, true, false],
    ['ThemeUpdate', true, true, false],
    ['UserSelfView', true, true, true],
    ['ProjectCreate', false, true, true],
    ['ProjectUpdate', false, true, true],
    ['ProjectTrash', false, true, true],
    ['ProjectUserUnlink', false, true, true],
    ['AuditLogsView', false, true, true],
    ['UsersView', false, true, true],
    ['UserDelete', false, true, true],
    ['CustomerView', false, true, true],
    ['CustomerUpdate', false, true, true],
    ['CustomersView', false, false, true],
    ['CustomerCreate', false, false, true],
    ['CustomerDelete', false, false, true],
    ['CustomerLimitsUpdate', false, false, true],
    ['WhiteLabelSettings', false, false, true],
    ['AnalyticsSettings', false, false, true],
    // The checkout is the customer admin's own: the platform admin has no customer to order for.
    ['SubscriptionView', false, true, true],
    ['SubscriptionOrder', false, true, false],
  ])('%s: user %s, customeradmin %s, admin %s', (key, user, customeradmin, admin) => {
    expect(hasPermission('user', key)).toBe(user);
    expect(hasPermission('customeradmin', key)).toBe(customeradmin);
    expect(hasPermission('admin', key)).toBe(admin);
  });

  it("roles nest: user ⊂ customeradmin ⊂ admin, except a project's content and a customer's own order", () => {
    const notAdmins = (key: PermissionKey) =>
      PROJECT_CONTENT_KEYS.has(key) || CUSTOMER_OWN_KEYS.has(key);
    for (const key of ROLE_PERMISSIONS.user)
      expect(ROLE_PERMISSIONS.customeradmin.has(key)).toBe(true);
    for (const key of ROLE_PERMISSIONS.customeradmin)
      expect(ROLE_PERMISSIONS.admin.has(key)).toBe(!notAdmins(key));
    expect(ROLE_PERMISSIONS.admin.size).toBe(
      new Set(ALL_PERMISSION_KEYS).size - PROJECT_CONTENT_KEYS.size - CUSTOMER_OWN_KEYS.size,
    );
  });

  it.each([undefined, null, '', 'root', 'Admin'])(
    'an unknown role %j has no permission',
    (role) => {
      expect(hasPermission(role, 'ProjectView')).toBe(false);
      expect(isRole(role)).toBe(false);
    },
  );

  it('lists keys sorted and without duplicates', () => {
    const keys = permissionsOf('user');
    expect(keys).toEqual([...new Set(keys)].sort());
  });
});

describe('checkAssignableRole', () => {
  it.each([
    ['admin', 'admin', { ok: true }],
    ['admin', 'user', { ok: true }],
    ['customeradmin', 'customeradmin', { ok: true }],
    ['customeradmin', 'user', { ok: true }],
    ['customeradmin', 'admin', { ok: false, code: 'role_not_allowed' }],
    ['user', 'user', { ok: false, code: 'role_not_allowed' }],
    ['admin', 'superuser', { ok: false, code: 'role_does_not_exist' }],
    ['customeradmin', 42, { ok: false, code: 'role_does_not_exist' }],
  ] as const)('%s assigning %j → %j', (actor, requested, expected) => {
    expect(checkAssignableRole(actor, requested)).toEqual(expected);
  });

  it('only roles that exist are assignable', () => {
    for (const role of ROLES)
      for (const assignable of assignableRoles(role)) expect(isRole(assignable)).toBe(true);
  });
});
