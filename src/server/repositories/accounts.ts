// What the accounts screen shows beside each user: linked projects, last sign-in, and the count
// the last-customeradmin rule needs.
import type { Executor } from './executor.js';
import { countOf, rowsWhere } from './rows.js';

export interface ProjectRef {
  id: string;
  name: string;
}

/** The live projects linked to each user, by user id. */
export async function linkedProjectsOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, ProjectRef[]>> {
  const byUser = new Map<string, ProjectRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('projectUsers')
    .innerJoin('projects', 'projects.id', 'projectUsers.projectId')
    .select(['projectUsers.userId', 'projects.id', 'projects.name'])
    .where('projectUsers.userId', 'in', userIds)
    .where('projects.trashedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .orderBy('projects.name')
    .execute();
  for (const row of rows) byUser.get(row.userId)?.push({ id: row.id, name: row.name });
  return byUser;
}

/** When each user last signed in, from the audit log's login rows (absent: never). */
export async function lastSignInsOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('auditLogs')
    .select((eb) => ['itemId', eb.fn.max('createdAt').as('at')])
    .where('itemId', 'in', userIds)
    .where('type', '=', 'user')
    .where('action', '=', 'login')
    .groupBy('itemId')
    .execute();
  return new Map(rows.map((row) => [row.itemId!, row.at]));
}

/** Customer admins of the customer that can still sign in, `exceptUserId` left out. */
export async function countActiveCustomerAdmins(
  db: Executor,
  customerId: string,
  exceptUserId: string,
): Promise<number> {
  const admins = rowsWhere(db, 'users', {
    customerId,
    role: 'customeradmin',
    deletedAt: null,
    deactivatedAt: null,
  });
  return countOf(admins.where('id', '!=', exceptUserId));
}
