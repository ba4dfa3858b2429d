// Project lifecycle (create, update, duplicate, trash, delete) and user links, each change in one
// transaction with its audit row.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { UNLIMITED } from '../../shared/constants.js';
import type { ProjectInput, ProjectUpdate } from '../../shared/schemas/project.js';
import { invalidField, notFound } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import type { ApiErrorCode } from '../../shared/errors.js';
import { copyChange, itemChange, type UnitOfWork } from './unitOfWork.js';
import { findCustomer } from '../repositories/customers.js';
import type { Executor } from '../repositories/executor.js';
import {
  copyProjectUserLinks,
  customerTimeZone,
  deleteProject,
  deleteProjectUserLink,
  findProjectUserLink,
  findVisibleProject,
  insertProject,
  insertProjectUserLink,
  updateProject,
  updateProjectUserLink,
  type ProjectScope,
} from '../repositories/projects.js';
import { refileProjectDays } from '../repositories/rollupZones.js';
import { findUserById } from '../repositories/users.js';
import { DEFAULT_TIME_ZONE } from '../../shared/timeZone.js';

export function projectScopeOf(user: Actor): ProjectScope {
  return { ...roleScopeOf(user), ...(user.projectIds ? { projectIds: user.projectIds } : {}) };
}

function roleScopeOf(user: Actor): ProjectScope {
  if (user.role === 'admin') return { kind: 'all' };
  // A customer-group user without a customer cannot exist; scope to nothing rather than to all.
  const customerId = user.customerId ?? '';
  if (user.role === 'customeradmin') return { kind: 'customer', customerId };
  return { kind: 'linked', customerId, userId: user.id };
}

/** The project if this user may see it; otherwise 404, also for other customers' ids. */
export async function visibleProjectOr404(
  db: Executor,
  user: Actor,
  id: string,
  options: { includeTrashed?: boolean } = {},
): Promise<ProjectRow> {
  const project = await findVisibleProject(db, projectScopeOf(user), id, options);
  if (!project) throw notFound('project_not_found');
  return project;
}

/** Looks up a row of a project by its id: `options` as the lookup takes them. */
type FindInProject<Row> = (
  db: Executor,
  projectId: string,
  id: string,
  options: { includeTrashed?: boolean },
) => Promise<Row | null>;

/**
 * The "…Or404" of a kind of project row: the row of a project the user may see, answered as
 * `{ project, [key]: row }`, or `code`'s 404 (also for another customer's ids).
 */
export function projectRowOr404<K extends string, Row>(
  key: K,
  code: ApiErrorCode,
  find: FindInProject<Row>,
) {
  return async (
    db: Executor,
    user: Actor,
    projectId: string,
    id: string,
    options: { includeTrashed?: boolean } = {},
  ): Promise<{ project: ProjectRow } & Record<K, Row>> => {
    const project = await visibleProjectOr404(db, user, projectId);
    const row = await find(db, project.id, id, options);
    if (!row) throw notFound(code);
    return { project, [key]: row } as { project: ProjectRow } & Record<K, Row>;
  };
}

/** The columns a new row of a project's content starts with: its id, owners and times. */
export const newContentColumns = (
  project: Pick<ProjectRow, 'id' | 'customerId'>,
  id: string,
  now: string,
) => ({
  id,
  customerId: project.customerId,
  projectId: project.id,
  createdAt: now,
  updatedAt: now,
});

/** What a new project (or a copy) starts with: nothing used, not in the trash, made now. */
const freshProjectColumns = (now: string) => ({
  usedScans: 0,
  usedStorage: 0,
  trashedAt: null,
  deletedAt: null,
  createdAt: now,
  updatedAt: now,
});

export async function createProject(
  db: Db,
  user: Actor,
  input: ProjectInput,
  work: UnitOfWork,
): Promise<string> {
  let customerId = user.customerId;
  if (user.role === 'admin') {
    if (!input.customerId) throw invalidField('required', '/customerId', 'Choose a customer');
    if (!(await findCustomer(db, input.customerId))) throw notFound('customer_not_found');
    customerId = input.customerId;
  }
  if (!customerId) throw notFound('customer_not_found');
  const now = new Date().toISOString();
  const id = ulid();
  await work.run(async ({ trx, record }) => {
    const timeZone =
      input.timeZone ?? (await customerTimeZone(trx, customerId)) ?? DEFAULT_TIME_ZONE;
    await insertProject(trx, {
      id,
      customerId,
      name: input.name,
      description: input.description,
      access: input.access,
      tracking: input.tracking ? 1 : 0,
      timeZone,
      // Projects share their customer's limits until an admin sets per-project ones.
      maxQrCodes: UNLIMITED,
      maxScans: UNLIMITED,
      maxStorage: UNLIMITED,
      maxShortLinks: UNLIMITED,
      ...freshProjectColumns(now),
    });
    // A plain user who creates a project (when a role allows it) must be able to see it.
    if (user.role === 'user') {
      await insertProjectUserLink(trx, {
        projectId: id,
        userId: user.id,
        canManage: 1,
        createdAt: now,
      });
    }
    await record(itemChange({ id, customerId }, 'project', 'created', { id, name: input.name }));
  });
  return id;
}

export async function editProject(
  db: Db,
  user: Actor,
  id: string,
  input: ProjectUpdate,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, id);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.access !== undefined ? { access: input.access } : {}),
      ...(input.tracking !== undefined
        ? { tracking: input.tracking ? (1 as const) : (0 as const) }
        : {}),
      ...(input.timeZone !== undefined && input.timeZone !== project.timeZone
        ? { timeZone: input.timeZone }
        : {}),
    };
    if (patch.timeZone) await refileProjectDays(trx, id, project.timeZone, patch.timeZone);
    await updateProject(trx, id, { ...patch, updatedAt: new Date().toISOString() });
    await record(
      itemChange(project, 'project', 'updated', {
        id,
        name: input.name ?? project.name,
        changes: {
          fields: Object.keys(patch),
          ...(patch.timeZone ? { timeZone: { from: project.timeZone, to: patch.timeZone } } : {}),
        },
      }),
    );
  });
}

/** "{name} (copy)", within the column's 255 characters: the name of a duplicated project or item. */
export const copyName = (name: string) => `${name} (copy)`.slice(0, 255);

/** A copy of the project's fields and user links, named "{name} (copy)". */
export async function duplicateProject(
  db: Db,
  user: Actor,
  id: string,
  work: UnitOfWork,
): Promise<string> {
  const copyId = ulid();
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, id);
    const name = copyName(project.name);
    const now = new Date().toISOString();
    await insertProject(trx, { ...project, id: copyId, name, ...freshProjectColumns(now) });
    await copyProjectUserLinks(trx, id, copyId, now);
    const copy = { id: copyId, customerId: project.customerId };
    await record(copyChange(copy, 'project', { id: copyId, name }, id));
  });
  return copyId;
}

/** Soft delete: the project leaves every list but can still be deleted for good. */
export async function trashProject(
  db: Db,
  user: Actor,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, id);
    const now = new Date().toISOString();
    await updateProject(trx, id, { trashedAt: now, updatedAt: now });
    await record(itemChange(project, 'project', 'trashed', { id, name: project.name }));
  });
}

/** Hard delete, only of a trashed project: two steps, so one click never destroys content. */
export async function deleteTrashedProject(
  db: Db,
  user: Actor,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, id, { includeTrashed: true });
    if (!project.trashedAt) {
      throw invalidField('invalid', '/id', 'Move the project to the trash before deleting it');
    }
    await deleteProject(trx, id);
    await record(itemChange(project, 'project', 'deleted', { id, name: project.name }));
  });
}

/** The user to link: of the project's customer, else 404 (never reveals other customers' users). */
async function linkableUserOr404(trx: Executor, project: ProjectRow, userId: string) {
  const target = await findUserById(trx, userId);
  if (!target) throw notFound('user_not_found');
  if (target.role === 'admin') {
    throw invalidField('invalid', '/id', 'Administrators have access to every project');
  }
  if (target.customerId !== project.customerId) throw notFound('user_not_found');
  return target;
}

/** What a route passes to link a user to a project or change their link. */
type ProjectUserLinkArgs = [
  db: Db,
  user: Actor,
  projectId: string,
  input: { id: string; canManage: boolean },
  work: UnitOfWork,
];

/** Links the user to the project, or changes whether they manage it when linked already. */
export const linkProjectUser = (...args: ProjectUserLinkArgs) =>
  setProjectUserLink('linked', ...args);

/** Changes whether a linked user manages the project; 404 when they are not linked. */
export const updateProjectUser = (...args: ProjectUserLinkArgs) =>
  setProjectUserLink('updated', ...args);

async function setProjectUserLink(
  action: 'linked' | 'updated',
  ...[, user, projectId, input, work]: ProjectUserLinkArgs
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    const target = await linkableUserOr404(trx, project, input.id);
    const canManage = input.canManage ? 1 : 0;
    if (await findProjectUserLink(trx, projectId, target.id)) {
      await updateProjectUserLink(trx, projectId, target.id, canManage);
    } else if (action === 'linked') {
      await insertProjectUserLink(trx, {
        projectId,
        userId: target.id,
        canManage,
        createdAt: new Date().toISOString(),
      });
    } else {
      throw notFound('user_not_found');
    }
    await record(
      itemChange(project, 'user', action, {
        id: target.id,
        name: target.name,
        changes: { canManage: input.canManage },
      }),
    );
  });
}

export async function unlinkProjectUser(
  db: Db,
  user: Actor,
  projectId: string,
  userId: string,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    const target = await findUserById(trx, userId);
    if (target?.role === 'admin') {
      throw invalidField(
        'cannot_unlink_admin',
        '/id',
        'Administrators cannot be unlinked from a project',
      );
    }
    if (!target || target.customerId !== project.customerId) throw notFound('user_not_found');
    if (!(await findProjectUserLink(trx, projectId, target.id))) throw notFound('user_not_found');
    await deleteProjectUserLink(trx, projectId, target.id);
    await record(itemChange(project, 'user', 'unlinked', target));
  });
}
