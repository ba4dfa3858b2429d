// Audit-log rows: written inside the transaction of the change they record; read per customer.
import { ulid } from 'ulidx';
import type { AuditLogListQuery } from '../../shared/audit.js';
import type { AuditAction, AuditType, ClientType } from '../../shared/enums.js';
import type { AuditLogRow } from '../db/schema.js';
import { containsText, type Executor, sortColumnOf } from './executor.js';

/** The request-derived half of an audit row (see api/plugins/audit.ts). */
export interface AuditContext {
  client: ClientType;
  userId: string | null;
  customerId: string | null;
  device: string | null;
  environment: string;
}

/** What changed: the type, the action and the item it happened to. */
export interface AuditEntry {
  type: AuditType;
  action: AuditAction;
  itemId?: string | null;
  name?: string | null;
  /** The item's customer; defaults to the actor's (admins act on other customers). */
  customerId?: string | null;
  projectId?: string | null;
  parentId?: string | null;
  changes?: Record<string, unknown> | null;
}

export async function insertAuditLog(
  db: Executor,
  context: AuditContext,
  entry: AuditEntry,
): Promise<string> {
  const id = ulid();
  await db
    .insertInto('auditLogs')
    .values({
      id,
      parentId: entry.parentId ?? null,
      client: context.client,
      customerId: entry.customerId !== undefined ? entry.customerId : context.customerId,
      projectId: entry.projectId ?? null,
      userId: context.userId,
      itemId: entry.itemId ?? null,
      name: entry.name ?? null,
      type: entry.type,
      action: entry.action,
      environment: context.environment,
      device: context.device,
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
      createdAt: new Date().toISOString(),
    })
    .execute();
  return id;
}

export type AuditLogWithUser = AuditLogRow & { userName: string | null };

/** null customerId: every customer's rows (platform admins). */
export interface AuditScope {
  customerId: string | null;
}

const SORTABLE = {
  createdAt: 'auditLogs.createdAt',
  action: 'auditLogs.action',
  type: 'auditLogs.type',
} as const;

function scoped(db: Executor, scope: AuditScope) {
  let query = db.selectFrom('auditLogs').leftJoin('users', 'users.id', 'auditLogs.userId');
  if (scope.customerId !== null) query = query.where('auditLogs.customerId', '=', scope.customerId);
  return query;
}

export async function listAuditLogs(
  db: Executor,
  scope: AuditScope,
  query: AuditLogListQuery,
): Promise<{ rows: AuditLogWithUser[]; total: number }> {
  let base = scoped(db, scope).where('auditLogs.parentId', 'is', null);
  if (query.projectId) base = base.where('auditLogs.projectId', '=', query.projectId);
  if (query.userId) base = base.where('auditLogs.userId', '=', query.userId);
  if (query.itemId) base = base.where('auditLogs.itemId', '=', query.itemId);
  if (query.type) base = base.where('auditLogs.type', '=', query.type);
  if (query.action) base = base.where('auditLogs.action', '=', query.action);
  if (query.q) base = base.where(containsText('auditLogs.name', query.q));
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const sortColumn = sortColumnOf(SORTABLE, query.sort, SORTABLE.createdAt);
  // Newest first unless asked otherwise: an audit trail is read backwards.
  const order = query.sort ? (query.order === 'DESC' ? 'desc' : 'asc') : 'desc';
  const rows = await base
    .selectAll('auditLogs')
    .select('users.name as userName')
    .orderBy(sortColumn, order)
    .orderBy('auditLogs.id', order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { rows, total: Number(total) };
}

export async function findAuditLog(
  db: Executor,
  scope: AuditScope,
  id: string,
): Promise<AuditLogWithUser | null> {
  const row = await scoped(db, scope)
    .selectAll('auditLogs')
    .select('users.name as userName')
    .where('auditLogs.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function listAuditLogChildren(
  db: Executor,
  scope: AuditScope,
  parentId: string,
): Promise<AuditLogWithUser[]> {
  return scoped(db, scope)
    .selectAll('auditLogs')
    .select('users.name as userName')
    .where('auditLogs.parentId', '=', parentId)
    .orderBy('auditLogs.createdAt', 'asc')
    .execute();
}
