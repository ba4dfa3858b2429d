// The accounts screen (issue 9, part 1): a customer's users with their projects, last sign-in and
// seats; deactivating and reactivating an account; setting the projects it is linked to.
import type { Db } from '../db/database.js';
import type { Account, AccountProjectsInput, Seats } from '../../shared/schemas/invitation.js';
import type { Role } from '../../shared/enums.js';
import type { ListQuery } from '../../shared/schemas/common.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import type { Executor } from '../repositories/executor.js';
import { lastSignInsOf, linkedProjectsOf } from '../repositories/accounts.js';
import { countPendingInvitations, customerProjectIds } from '../repositories/invitations.js';
import { deleteProjectUserLink, insertProjectUserLink } from '../repositories/projects.js';
import { deleteUserSessions } from '../repositories/sessions.js';
import { countCustomerUsers, listCustomerUsers, updateUser } from '../repositories/users.js';
import { userChange } from './userChanges.js';
import type { UnitOfWork } from './unitOfWork.js';
import { accessibleCustomerOr404 } from './customers.js';
import { accessibleUserOr404, assertNotLastCustomerAdmin } from './users.js';

/** Accounts plus open invitations: each holds one of the plan's seats. */
export async function seatsOf(
  db: Executor,
  customer: { id: string; maxUsers: number },
  now: string,
): Promise<Seats & { accounts: number }> {
  const accounts = await countCustomerUsers(db, customer.id);
  const invitations = await countPendingInvitations(db, customer.id, now);
  return { accounts, used: accounts + invitations, max: Number(customer.maxUsers) };
}

const limitReached = (max: number) =>
  invalidField('user_limit_reached', '/email', `The plan allows ${max} users`, { max });

/** Another seat is free: accounts plus open invitations stay within the customer's user limit. */
export async function assertSeatFree(
  db: Executor,
  customer: { id: string; maxUsers: number },
  now: Date,
): Promise<void> {
  const { used, max } = await seatsOf(db, customer, now.toISOString());
  if (max !== -1 && used >= max) throw limitReached(max);
}

export async function listAccounts(
  db: Db,
  actor: Actor,
  customerId: string,
  query: ListQuery,
): Promise<{ accounts: Account[]; total: number; seats: Seats }> {
  const customer = await accessibleCustomerOr404(db, actor, customerId);
  const { rows, total } = await listCustomerUsers(db, customer.id, query);
  const ids = rows.map((row) => row.id);
  const projects = await linkedProjectsOf(db, ids);
  const signIns = await lastSignInsOf(db, ids);
  const { used, max } = await seatsOf(db, customer, new Date().toISOString());
  const accounts = rows.map((row): Account => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    active: row.deactivatedAt === null,
    projects: projects.get(row.id) ?? [],
    lastSignInAt: signIns.get(row.id) ?? null,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    createdAt: row.createdAt,
  }));
  return { accounts, total, seats: { used, max } };
}

/** Deactivated accounts cannot sign in; their sessions end at once. Never one's own account. */
export async function setAccountActive(
  db: Db,
  actor: Actor,
  id: string,
  active: boolean,
  work: UnitOfWork,
): Promise<void> {
  if (id === actor.id) {
    throw new DomainError(
      'forbidden',
      'cannot_deactivate_self',
      'You cannot deactivate your own account',
    );
  }
  await work.run(async ({ trx, record }) => {
    const target = await accessibleUserOr404(trx, actor, id);
    if ((target.deactivatedAt === null) === active) return;
    if (!active) await assertNotLastCustomerAdmin(trx, target, 'remove');
    const now = new Date().toISOString();
    await updateUser(trx, id, { deactivatedAt: active ? null : now, updatedAt: now });
    if (!active) await deleteUserSessions(trx, id);
    await record(
      userChange(target, active ? 'activated' : 'deactivated', {
        customerId: target.customerId,
      }),
    );
  });
}

/** Links the account to exactly these projects of its customer: one audit row per change. */
export async function setAccountProjects(
  db: Db,
  actor: Actor,
  id: string,
  input: AccountProjectsInput,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const target = await accessibleUserOr404(trx, actor, id);
    if (target.customerId === null) {
      throw invalidField('invalid', '/projectIds', 'Administrators have access to every project');
    }
    const own = await customerProjectIds(trx, target.customerId, input.projectIds);
    const foreign = input.projectIds.findIndex((projectId) => !own.has(projectId));
    if (foreign >= 0) {
      throw invalidField('invalid', `/projectIds/${foreign}`, 'This project does not exist');
    }
    const linked = (await linkedProjectsOf(trx, [id])).get(id) ?? [];
    const linkedIds = new Set(linked.map((project) => project.id));
    const now = new Date().toISOString();
    for (const projectId of input.projectIds.filter((pid) => !linkedIds.has(pid))) {
      await insertProjectUserLink(trx, { projectId, userId: id, canManage: 0, createdAt: now });
      await record(
        userChange(target, 'linked', {
          customerId: target.customerId,
          projectId,
        }),
      );
    }
    for (const project of linked.filter((p) => !own.has(p.id))) {
      await deleteProjectUserLink(trx, project.id, id);
      await record(
        userChange(target, 'unlinked', {
          customerId: target.customerId,
          projectId: project.id,
        }),
      );
    }
  });
}
