// Invitations of a customer and the projects each links; only SHA-256 digests of the mailed tokens
// are stored.
import type { Insertable } from 'kysely';
import type { InvitationRow, InvitationsTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { claimRow, findRow, insertRow, rowsWhere, writesOf } from './rows.js';

export async function insertInvitation(
  db: Executor,
  row: Insertable<InvitationsTable>,
  projectIds: readonly string[],
): Promise<void> {
  await insertRow(db, 'invitations', row);
  if (projectIds.length > 0) {
    await db
      .insertInto('invitationProjects')
      .values(projectIds.map((projectId) => ({ invitationId: row.id, projectId })))
      .execute();
  }
}

export const updateInvitation = writesOf('invitations').update;

/** The customer's invitation with this id, or null (another customer's id is not found either). */
export const findCustomerInvitation = (db: Executor, customerId: string, id: string) =>
  findRow(db, 'invitations', { id, customerId });

export interface InvitationWithNames extends InvitationRow {
  customerName: string;
  inviterName: string | null;
  inviterEmail: string | null;
}

/** The invitation a mailed token belongs to, with the names its register page shows. */
export async function findInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<InvitationWithNames | null> {
  const row = await db
    .selectFrom('invitations')
    .innerJoin('customers', 'customers.id', 'invitations.customerId')
    .leftJoin('users', 'users.id', 'invitations.invitedBy')
    .selectAll('invitations')
    .select([
      'customers.name as customerName',
      'users.name as inviterName',
      'users.email as inviterEmail',
    ])
    .where('invitations.tokenHash', '=', tokenHash)
    .where('customers.deletedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** The invitations of a customer, newest first, with who sent them. */
export async function listCustomerInvitations(db: Executor, customerId: string) {
  return db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invitedBy')
    .selectAll('invitations')
    .select('users.name as inviterName')
    .where('invitations.customerId', '=', customerId)
    .orderBy('invitations.createdAt', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
}

/** The projects of each invitation (still existing, not in the trash), by invitation id. */
export async function invitationProjects(
  db: Executor,
  invitationIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const byInvitation = new Map<string, { id: string; name: string }[]>(
    invitationIds.map((id) => [id, []]),
  );
  if (invitationIds.length === 0) return byInvitation;
  const rows = await db
    .selectFrom('invitationProjects')
    .innerJoin('projects', 'projects.id', 'invitationProjects.projectId')
    .select(['invitationProjects.invitationId', 'projects.id', 'projects.name'])
    .where('invitationProjects.invitationId', 'in', invitationIds)
    .where('projects.trashedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .orderBy('projects.name')
    .execute();
  for (const row of rows) byInvitation.get(row.invitationId)?.push({ id: row.id, name: row.name });
  return byInvitation;
}

/** Open invitations (neither accepted nor revoked) that have not expired at `now`. */
function pendingAt(db: Executor, customerId: string, now: string) {
  const open = { customerId, acceptedAt: null, revokedAt: null };
  return rowsWhere(db, 'invitations', open).where('expiresAt', '>', now);
}

export async function findPendingInvitationFor(
  db: Executor,
  customerId: string,
  email: string,
  now: string,
): Promise<string | null> {
  const row = await pendingAt(db, customerId, now)
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function countPendingInvitations(
  db: Executor,
  customerId: string,
  now: string,
  exceptId?: string,
): Promise<number> {
  let query = pendingAt(db, customerId, now).select((eb) => eb.fn.countAll<number>().as('count'));
  if (exceptId) query = query.where('id', '!=', exceptId);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}

/** Marks the invitation accepted; false when another request accepted or revoked it first. */
export const markInvitationAccepted = (db: Executor, id: string, now: string) =>
  claimRow(db, 'invitations', {
    set: { acceptedAt: now },
    where: { id, acceptedAt: null, revokedAt: null },
  });

/** The customer's own live projects among `ids`. */
export async function customerProjectIds(
  db: Executor,
  customerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsWhere(db, 'projects', { customerId, trashedAt: null, deletedAt: null })
    .select('id')
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}
