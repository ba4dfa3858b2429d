// Projects and their user links. Visibility (who sees which project) is a scope passed in by the
// caller, so every query applies it and no route can forget it.
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { Database, ProjectRow } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import {
  byNameOr,
  deleteRows,
  findRow,
  insertRow,
  pageOf,
  rowsWhere,
  updateRows,
  writesOf,
} from './rows.js';

/** Admins see all projects, customer admins their customer's, users only the linked ones. */
export type ProjectScope = (
  | { kind: 'all' }
  | { kind: 'customer'; customerId: string }
  | { kind: 'linked'; customerId: string; userId: string }
) & {
  /** Only these projects (an API key's). */
  projectIds?: readonly string[];
};

function visible(db: Executor, scope: ProjectScope, { includeTrashed = false } = {}) {
  let query = db.selectFrom('projects').where('projects.deletedAt', 'is', null);
  if (!includeTrashed) query = query.where('projects.trashedAt', 'is', null);
  if (scope.kind === 'customer' || scope.kind === 'linked') {
    query = query.where('projects.customerId', '=', scope.customerId);
  }
  if (scope.projectIds) query = query.where('projects.id', 'in', [...scope.projectIds]);
  if (scope.kind === 'linked') query = query.where(linkedTo(scope.userId));
  return query;
}

/** A where-condition on projects: the user is linked to the project. */
function linkedTo(userId: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'projects'>();
  return eb.exists(
    eb
      .selectFrom('projectUsers')
      .select('projectUsers.projectId')
      .whereRef('projectUsers.projectId', '=', 'projects.id')
      .where('projectUsers.userId', '=', userId),
  );
}

const ORDER = byNameOr(['name', 'createdAt', 'updatedAt'], 'projects');

export interface ProjectFilters {
  customerId?: string;
  /** Only projects linked to this user (GET /users/{id}/projects). */
  linkedUserId?: string;
}

export async function listProjects(
  db: Executor,
  scope: ProjectScope,
  query: ListQuery,
  filters: ProjectFilters = {},
): Promise<{ rows: ProjectRow[]; total: number }> {
  let base = visible(db, scope);
  if (query.q) base = base.where(containsText('projects.name', query.q));
  if (filters.customerId) base = base.where('projects.customerId', '=', filters.customerId);
  if (filters.linkedUserId) base = base.where(linkedTo(filters.linkedUserId));
  return pageOf(base, query, ORDER, (page) => page.selectAll('projects'));
}

export async function findVisibleProject(
  db: Executor,
  scope: ProjectScope,
  id: string,
  options: { includeTrashed?: boolean } = {},
): Promise<ProjectRow | null> {
  const row = await visible(db, scope, options)
    .selectAll('projects')
    .where('projects.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

// Removing a project is for good: its content and links go with it (foreign keys cascade).
export const {
  insert: insertProject,
  update: updateProject,
  remove: deleteProject,
} = writesOf('projects');

/** The customer's usual time zone: the one of its newest project, if it has any. */
export async function customerTimeZone(
  db: Executor,
  customerId: string,
): Promise<string | undefined> {
  const row = await rowsWhere(db, 'projects', { customerId, deletedAt: null })
    .select('timeZone')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.timeZone;
}

export interface ProjectUsage {
  qrCodes: number;
  shortLinks: number;
  users: number;
}

/** Counts per project for the `usage` of a page of projects, in three queries. */
export async function projectUsage(
  db: Executor,
  projectIds: string[],
): Promise<Map<string, ProjectUsage>> {
  const usage = new Map<string, ProjectUsage>(
    projectIds.map((id) => [id, { qrCodes: 0, shortLinks: 0, users: 0 }]),
  );
  if (projectIds.length === 0) return usage;
  const liveItems = (table: 'qrCodes' | 'shortLinks') =>
    db
      .selectFrom(table)
      .select(['projectId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('projectId', 'in', projectIds)
      .where('trashedAt', 'is', null)
      .where('deletedAt', 'is', null)
      .groupBy('projectId')
      .execute();
  const qrCodes = await liveItems('qrCodes');
  const shortLinks = await liveItems('shortLinks');
  const users = await db
    .selectFrom('projectUsers')
    .select(['projectId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('projectId', 'in', projectIds)
    .groupBy('projectId')
    .execute();
  for (const row of qrCodes) usage.get(row.projectId)!.qrCodes = Number(row.count);
  for (const row of shortLinks) usage.get(row.projectId)!.shortLinks = Number(row.count);
  for (const row of users) usage.get(row.projectId)!.users = Number(row.count);
  return usage;
}

export interface ProjectUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  canManage: number;
}

export async function listProjectUsers(db: Executor, projectId: string): Promise<ProjectUserRow[]> {
  return db
    .selectFrom('projectUsers')
    .innerJoin('users', 'users.id', 'projectUsers.userId')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'projectUsers.canManage'])
    .where('projectUsers.projectId', '=', projectId)
    .where('users.deletedAt', 'is', null)
    .orderBy('users.name')
    .execute();
}

export const findProjectUserLink = (db: Executor, projectId: string, userId: string) =>
  findRow(db, 'projectUsers', { projectId, userId });

export const insertProjectUserLink = (
  db: Executor,
  row: { projectId: string; userId: string; canManage: 0 | 1; createdAt: string },
) => insertRow(db, 'projectUsers', row);

export async function updateProjectUserLink(
  db: Executor,
  projectId: string,
  userId: string,
  canManage: 0 | 1,
): Promise<void> {
  await updateRows(db, 'projectUsers', { set: { canManage }, where: { projectId, userId } });
}

export async function deleteProjectUserLink(
  db: Executor,
  projectId: string,
  userId: string,
): Promise<void> {
  await deleteRows(db, 'projectUsers', { projectId, userId });
}

/** Copies every user link of one project to another (project duplication). */
export async function copyProjectUserLinks(
  db: Executor,
  fromProjectId: string,
  toProjectId: string,
  createdAt: string,
): Promise<void> {
  const links = await db
    .selectFrom('projectUsers')
    .select(['userId', 'canManage'])
    .where('projectId', '=', fromProjectId)
    .execute();
  if (links.length === 0) return;
  await db
    .insertInto('projectUsers')
    .values(links.map((link) => ({ ...link, projectId: toProjectId, createdAt })))
    .execute();
}
