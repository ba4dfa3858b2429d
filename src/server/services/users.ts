// Accounts: the caller's own profile, and user management within a customer. Roles are checked
// against what the actor may hand out (src/shared/permissions.ts).
import { assertSeatFree } from './accounts.js';
import { ulid } from 'ulidx';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { checkAssignableRole } from '../../shared/permissions.js';
import type { SelfUpdateInput } from '../../shared/schemas/auth.js';
import type { UserInput, userUpdateSchema } from '../../shared/schemas/customer.js';
import type { Role } from '../../shared/enums.js';
import { DomainError, invalidField, notFound } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import { userChange } from './userChanges.js';
import type { UnitOfWork } from './unitOfWork.js';
import type { Executor } from '../repositories/executor.js';
import {
  deleteUser,
  customerOfEmail,
  emailExists,
  findUserById,
  insertUser,
  updateUser,
} from '../repositories/users.js';
import { countActiveCustomerAdmins } from '../repositories/accounts.js';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../security.js';
import { accessibleCustomerOr404 } from './customers.js';

type UserUpdate = z.infer<typeof userUpdateSchema>;

/** The user if the actor may reach them (themselves, their customer's users, or any for admins). */
export async function accessibleUserOr404(
  db: Executor,
  actor: Actor,
  id: string,
): Promise<UserRow> {
  const target = await findUserById(db, id);
  const reachable =
    target &&
    (target.id === actor.id ||
      actor.role === 'admin' ||
      (actor.customerId !== null && target.customerId === actor.customerId));
  if (!target || !reachable) throw notFound('user_not_found');
  return target;
}

export const emailDuplicated = () =>
  invalidField('email_duplicated', '/email', 'An account with this email address already exists');

/**
 * A customer keeps at least one customer admin who can sign in: nobody else can manage its people.
 * Deleting or deactivating that admin answers `last_customeradmin_remove`; demoting, `…_demote`.
 */
export async function assertNotLastCustomerAdmin(
  db: Executor,
  target: UserRow,
  change: 'remove' | 'demote',
): Promise<void> {
  if (target.role !== 'customeradmin' || target.customerId === null) return;
  if (target.deactivatedAt !== null) return;
  if ((await countActiveCustomerAdmins(db, target.customerId, target.id)) > 0) return;
  if (change === 'demote') {
    throw invalidField(
      'last_customeradmin_demote',
      '/role',
      'The last customer admin cannot get another role',
    );
  }
  throw new DomainError(
    'forbidden',
    'last_customeradmin_remove',
    'The last customer admin cannot be deleted or deactivated',
  );
}

/** Roles inside a customer: checked against the actor, and never "admin" (admins have no customer). */
export function assertRoleAllowed(actor: Actor, role: Role): void {
  const check = checkAssignableRole(actor.role, role);
  if (!check.ok || role === 'admin') {
    throw invalidField('role_not_allowed', '/role', 'The specified role may not be used');
  }
}

export async function updateSelf(
  db: Db,
  user: Actor,
  input: SelfUpdateInput,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    await updateUser(trx, user.id, {
      name: input.name,
      language: input.localization.language,
      updatedAt: new Date().toISOString(),
    });
    await record(
      userChange({ id: user.id, name: input.name }, 'updated', {
        changes: { fields: ['name', 'language'] },
      }),
    );
  });
}

export async function createCustomerUser(
  db: Db,
  actor: Actor,
  customerId: string,
  input: UserInput,
  work: UnitOfWork,
): Promise<string> {
  assertRoleAllowed(actor, input.role);
  const passwordHash = input.password ? await hashPassword(input.password) : UNUSABLE_PASSWORD_HASH;
  const id = ulid();
  await work.run(async ({ trx, record }) => {
    const customer = await accessibleCustomerOr404(trx, actor, customerId);
    if (await emailExists(trx, input.email)) throw emailDuplicated();
    await assertSeatFree(trx, customer, new Date());
    const now = new Date().toISOString();
    await insertUser(trx, {
      id,
      customerId,
      name: input.name,
      email: input.email,
      passwordHash,
      role: input.role,
      language: input.localization.language,
      avatarMediaId: null,
      verified: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await record(userChange({ id, name: input.name }, 'created', { customerId }));
  });
  return id;
}

export async function editUser(
  db: Db,
  actor: Actor,
  id: string,
  input: UserUpdate,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const target = await accessibleUserOr404(trx, actor, id);
    if (input.role !== undefined && input.role !== target.role) {
      if (target.id === actor.id) {
        throw invalidField('role_not_allowed', '/role', 'You cannot change your own role');
      }
      if (target.customerId === null) {
        throw invalidField('role_not_allowed', '/role', 'The specified role may not be used');
      }
      assertRoleAllowed(actor, input.role);
      await assertNotLastCustomerAdmin(trx, target, 'demote');
    }
    if (input.email !== undefined) {
      const owner = await customerOfEmail(trx, input.email, id);
      // Within the customer the admin sees who has it; elsewhere, saying so would reveal that
      // another customer has an account with that address.
      if (owner !== undefined && owner === target.customerId) throw emailDuplicated();
      if (owner !== undefined)
        throw invalidField('email_unavailable', '/email', 'This email address cannot be used');
    }
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(input.localization !== undefined ? { language: input.localization.language } : {}),
    };
    await updateUser(trx, id, { ...patch, updatedAt: new Date().toISOString() });
    await record(
      userChange({ id, name: input.name ?? target.name }, 'updated', {
        customerId: target.customerId,
        changes: { fields: Object.keys(patch) },
      }),
    );
  });
}

export async function removeUser(
  db: Db,
  actor: Actor,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  if (id === actor.id) {
    throw new DomainError('forbidden', 'cannot_delete_self', 'You cannot delete your own account');
  }
  await work.run(async ({ trx, record }) => {
    const target = await accessibleUserOr404(trx, actor, id);
    await assertNotLastCustomerAdmin(trx, target, 'remove');
    await deleteUser(trx, id);
    await record(userChange(target, 'deleted', { customerId: target.customerId }));
  });
}
