// The one write path (DESIGN.md "One write path"): every change runs in a unit of work, which
// owns the transaction, writes the audit rows the change records and, only after the commit,
// publishes one domain event per audit row on the app's event bus. A change that throws rolls
// back and publishes nothing. Services never write audit rows or touch caches themselves.
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, ProjectRow } from '../db/schema.js';
import type { AuditAction, AuditType } from '../../shared/enums.js';
import type { DomainEvent, EventBus } from '../events/bus.js';
import { insertAuditLog, type AuditContext, type AuditEntry } from '../repositories/auditLogs.js';

/** Fields never copied into an audit row's before/after. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'passwordConfirmation',
  'token',
  'tokenHash',
  'secret',
  'twoFactorSecret',
  'recoveryCodes',
  'keyHash',
]);

/** Bookkeeping columns that change on every write and say nothing to a reader of the log. */
const NOISE_FIELDS = new Set(['updatedAt']);

type Fields = Record<string, unknown>;

/** One audit row and its event. */
export interface ChangeRecord extends AuditEntry {
  /** The scan codes this change concerns (QR code code, short link uri): their cache entries go. */
  codes?: string[];
  /** The row before and after the change: the audit row keeps the fields that differ. */
  before?: Fields | null;
  after?: Fields | null;
}

export interface WriteScope {
  trx: Transaction<Database>;
  /** Writes the audit row now and queues its event for after the commit; answers the row's id. */
  record(change: ChangeRecord): Promise<string>;
  /** Queues an event that has no audit row of its own (a cascade the user did not name). */
  publish(event: DomainEvent): void;
}

/** The item a change concerns, and what its audit row says besides. */
export type ChangedItem = { id: string; name: string } & Pick<
  ChangeRecord,
  'changes' | 'before' | 'after' | 'codes' | 'parentId'
>;

/**
 * The audit row of `action` on one item of a project (or on the project itself), filed under the
 * project and its customer, so the project's and the customer's logs both show it.
 */
export function itemChange(
  project: Pick<ProjectRow, 'id' | 'customerId'>,
  type: AuditType,
  action: AuditAction,
  item: ChangedItem,
): ChangeRecord {
  // Picked one by one: `item` may be a whole row, whose other columns are no part of the record.
  const { id, name, changes, before, after, codes, parentId } = item;
  return {
    type,
    action,
    itemId: id,
    name,
    customerId: project.customerId,
    projectId: project.id,
    changes,
    before,
    after,
    codes,
    parentId,
  };
}

/** The audit row of a duplicate: the copy's id and name, and the original it was made from. */
export function copyChange(
  project: Pick<ProjectRow, 'id' | 'customerId'>,
  type: AuditType,
  copy: { id: string; name: string },
  originalId: string,
): ChangeRecord {
  return itemChange(project, type, 'duplicated', { ...copy, changes: { from: originalId } });
}

/** The fields of `after` that differ from `before`, secrets and bookkeeping left out. */
export function diffOf(before: Fields | null | undefined, after: Fields | null | undefined) {
  const changed: { before: Fields; after: Fields } = { before: {}, after: {} };
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET_FIELDS.has(key) || NOISE_FIELDS.has(key)) continue;
    const was = before?.[key];
    const is = after?.[key];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if (before) changed.before[key] = was ?? null;
    if (after) changed.after[key] = is ?? null;
  }
  return changed;
}

/** The named fields of a row, for an audit row's `before`. */
export function pickFields(row: object, keys: readonly string[]): Fields {
  const source = row as Fields;
  return Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]]));
}

function changesOf(change: ChangeRecord): Record<string, unknown> | null {
  if (change.before === undefined && change.after === undefined) return change.changes ?? null;
  return { ...change.changes, ...diffOf(change.before, change.after) };
}

/**
 * Work a caller adds to a service's change, in its transaction, knowing what it recorded; what it
 * records itself joins the same audit trail and events.
 */
export type FollowUp = (scope: WriteScope, recorded: readonly ChangeRecord[]) => Promise<void>;

/** A unit of work bound to one request's actor: `run` is the only way to change data. */
export class UnitOfWork {
  constructor(
    readonly db: Db,
    private readonly bus: EventBus,
    readonly context: AuditContext,
    private readonly followUp: FollowUp | null = null,
  ) {}

  /** The same unit of work acting as someone else (sign-in knows the user only once it succeeds). */
  as(actor: Partial<Pick<AuditContext, 'userId' | 'customerId'>>): UnitOfWork {
    return new UnitOfWork(this.db, this.bus, { ...this.context, ...actor }, this.followUp);
  }

  /**
   * The same unit of work, whose every change also runs `followUp` before it commits: an import
   * notes which item a row became in the very transaction that makes the item.
   */
  followedBy(followUp: FollowUp): UnitOfWork {
    return new UnitOfWork(this.db, this.bus, this.context, followUp);
  }

  async run<T>(work: (scope: WriteScope) => Promise<T>): Promise<T> {
    const events: DomainEvent[] = [];
    const recorded: ChangeRecord[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const scope: WriteScope = {
        trx,
        record: async (change) => {
          recorded.push(change);
          const id = await insertAuditLog(trx, this.context, {
            ...change,
            changes: changesOf(change),
          });
          events.push({
            type: change.type,
            action: change.action,
            customerId:
              change.customerId !== undefined ? change.customerId : this.context.customerId,
            projectId: change.projectId ?? null,
            ids: change.itemId ? [change.itemId] : [],
            codes: change.codes ?? [],
          });
          return id;
        },
        publish: (event) => events.push(event),
      };
      const answer = await work(scope);
      // A copy: what the follow-up records itself is not part of what it looks at.
      if (this.followUp) await this.followUp(scope, [...recorded]);
      return answer;
    });
    this.bus.publish(events);
    return result;
  }
}

/** The app's write path: hands out units of work for actors. */
export class WritePath {
  constructor(
    readonly db: Db,
    readonly bus: EventBus,
  ) {}

  for(context: AuditContext): UnitOfWork {
    return new UnitOfWork(this.db, this.bus, context);
  }
}
