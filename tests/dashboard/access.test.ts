// The dashboard's route access follows the server's permission table alone (issue 13, part 3):
// each rule is a set of permission keys, and the roles that pass are SPEC §2's for that route.
import { describe, expect, it } from 'vitest';
import { ACCESS_RULES, allows, canAccessResource } from '../../src/dashboard/access';
import { MENU_ENTRIES, visibleEntries } from '../../src/dashboard/menuEntries';
import { ROLES, type Role } from '../../src/shared/enums';
import { ALL_PERMISSION_KEYS, hasPermission } from '../../src/shared/permissions';

const admitted = (rule: string) => ROLES.filter((role) => allows(role, ACCESS_RULES[rule]));

describe('route access', () => {
  it.each<[string, Role[]]>([
    ['projects.list', ['user', 'customeradmin', 'admin']],
    ['projects.create', ['customeradmin', 'admin']],
    ['projects.auditlogs', ['customeradmin', 'admin']],
    ['qr-codes.list', ['user', 'customeradmin']],
    ['customers.list', ['admin']],
    ['customers.edit', ['admin']],
    ['settings.profile', ['user', 'customeradmin', 'admin']],
    ['settings.analytics', ['admin']],
    // SPEC §2: checkout is the customer admin's; the platform admin has no customer to order for.
    ['checkout.list', ['customeradmin']],
    ['billing.list', ['customeradmin']],
    ['customers.billing', ['admin']],
  ])('%s opens for %j', (rule, roles) => {
    expect(admitted(rule)).toEqual(ROLES.filter((role) => roles.includes(role)));
  });

  it('names only keys of the shared table', () => {
    const keys = [...Object.values(ACCESS_RULES), ...MENU_ENTRIES].flatMap((rule) => rule.key);
    expect(keys.filter((key) => !ALL_PERMISSION_KEYS.includes(key))).toEqual([]);
  });

  it('lets a role in exactly when it holds every key of the rule', () => {
    for (const role of ROLES) {
      for (const rule of Object.values(ACCESS_RULES)) {
        const keys = [rule.key].flat();
        expect(allows(role, rule)).toBe(keys.every((key) => hasPermission(role, key)));
      }
    }
  });

  it('treats resources without a rule as project content, and nobody without a role', () => {
    expect(canAccessResource('user', 'not-built-yet', 'list')).toBe(true);
    expect(canAccessResource('admin', 'not-built-yet', 'list')).toBe(false);
    expect(allows(null, ACCESS_RULES['settings.profile'])).toBe(false);
    expect(visibleEntries(undefined)).toEqual([]);
  });
});
