// Step 3 of the scan pipeline: find what a code points at. A QR code by its code, else a short
// link by (host, uri). On a white-label hostname (white_label_hostnames) only that customer's
// items match, and its own short links (host = hostname) come before the shared ones (host '').
import type { Db } from '../db/database.js';
import { actionContentSchema, type ActionContent } from '../../shared/schemas/action.js';
import { activitySchema, smartFieldsSchema } from '../../shared/schemas/action.js';
import { DEFAULT_TIME_ZONE } from '../../shared/timeZone.js';
import { compileSmart, type CompiledSmart } from './rules.js';
import { ALWAYS_ACTIVE, type Activity } from '../../shared/activity.js';
import { readThemeSettings, type ThemeSettings } from './theme.js';

export interface ScanItem {
  type: 'qr_code' | 'short_link';
  id: string;
  customerId: string;
  projectId: string;
  actionId: string | null;
  /** The item, its project or its customer is trashed or deleted. */
  isRemoved: boolean;
  tracking: boolean;
  /** The project's time zone (projects.time_zone): smart-code time conditions read its clock. */
  timeZone: string;
}

export interface ResolvedAction {
  id: string;
  isDeleted: boolean;
  /** null when the stored data no longer parses (then the code shows "not active"). */
  content: ActionContent | null;
  activity: Activity;
  /** Rules, split, protection and fallback, compiled (issue 16). */
  smart: CompiledSmart;
}

export interface Resolution {
  item: ScanItem;
  action: ResolvedAction | null;
  theme: ThemeSettings;
}

export async function whiteLabelCustomer(db: Db, host: string): Promise<string | null> {
  if (!host) return null;
  const row = await db
    .selectFrom('whiteLabelHostnames')
    .select('customerId')
    .where('hostname', '=', host)
    .executeTakeFirst();
  return row?.customerId ?? null;
}

/**
 * What a scan needs of an item, QR code or short link, and of its project and customer; the
 * query aliases the item's table as `item`, so both kinds read the same columns.
 */
const ITEM_COLUMNS = [
  'item.id',
  'item.customerId',
  'item.projectId',
  'item.actionId',
  'item.trashedAt',
  'item.deletedAt',
  'projects.trashedAt as projectTrashedAt',
  'projects.deletedAt as projectDeletedAt',
  'projects.tracking',
  'projects.timeZone',
  'customers.deletedAt as customerDeletedAt',
] as const;

export async function findItem(db: Db, code: string, host: string): Promise<ScanItem | null> {
  const customerId = await whiteLabelCustomer(db, host);
  const qr = await db
    .selectFrom('qrCodes as item')
    .innerJoin('projects', 'projects.id', 'item.projectId')
    .innerJoin('customers', 'customers.id', 'item.customerId')
    .select(ITEM_COLUMNS)
    .where('item.code', '=', code)
    .executeTakeFirst();
  if (qr && (!customerId || qr.customerId === customerId)) return toItem('qr_code', qr);

  // Own host first, then the shared default host.
  const hosts = customerId ? [host, ''] : [''];
  for (const candidateHost of hosts) {
    const link = await db
      .selectFrom('shortLinks as item')
      .innerJoin('projects', 'projects.id', 'item.projectId')
      .innerJoin('customers', 'customers.id', 'item.customerId')
      .select(ITEM_COLUMNS)
      .where('item.host', '=', candidateHost)
      .where('item.uri', '=', code)
      .executeTakeFirst();
    if (link && (!customerId || link.customerId === customerId)) return toItem('short_link', link);
  }
  return null;
}

interface ItemRow {
  id: string;
  customerId: string;
  projectId: string;
  actionId: string | null;
  trashedAt: string | null;
  deletedAt: string | null;
  projectTrashedAt: string | null;
  projectDeletedAt: string | null;
  customerDeletedAt: string | null;
  tracking: number;
  timeZone: string | null;
}

function toItem(type: ScanItem['type'], row: ItemRow): ScanItem {
  return {
    type,
    id: row.id,
    customerId: row.customerId,
    projectId: row.projectId,
    actionId: row.actionId,
    isRemoved: Boolean(
      row.trashedAt ||
      row.deletedAt ||
      row.projectTrashedAt ||
      row.projectDeletedAt ||
      row.customerDeletedAt,
    ),
    tracking: Number(row.tracking) !== 0,
    timeZone: timeZoneOf(row.timeZone),
  };
}

/**
 * The time zone smart-code time conditions use: the project's, else the default (Europe/Amsterdam).
 * The one place that decides it.
 */
export function timeZoneOf(projectTimeZone: string | null | undefined): string {
  return projectTimeZone || DEFAULT_TIME_ZONE;
}

export async function findAction(
  db: Db,
  actionId: string,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<ResolvedAction | null> {
  const row = await db
    .selectFrom('actions')
    .select([
      'id',
      'objectType',
      'data',
      'activity',
      'deletedAt',
      'rules',
      'split',
      'protection',
      'fallback',
      'passwordHash',
      'destinationUnhealthyAt',
    ])
    .where('id', '=', actionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    isDeleted: Boolean(row.deletedAt),
    content: parseContent(row.objectType, row.data),
    activity: parseActivity(row.activity),
    smart: parseSmart(row, timeZone),
  };
}

/** What a stored Action's smart columns hold. */
export interface StoredSmartColumns {
  rules: string;
  split: string | null;
  protection: string;
  fallback: string | null;
  passwordHash: string | null;
  destinationUnhealthyAt: string | null;
}

/**
 * The smart fields re-validated and compiled. Stored JSON that no longer parses keeps the
 * protection it can (a password stays a password) and drops the rest.
 */
export function parseSmart(row: StoredSmartColumns, timeZone: string): CompiledSmart {
  const raw = {
    rules: safeJson(row.rules) ?? [],
    split: row.split ? safeJson(row.split) : null,
    protection: safeJson(row.protection) ?? {},
    fallback: row.fallback ? safeJson(row.fallback) : null,
  };
  const parsed = smartFieldsSchema.safeParse(raw);
  const fields = parsed.success
    ? parsed.data
    : smartFieldsSchema.parse({ rules: [], split: null, protection: {}, fallback: null });
  return compileSmart(fields, row.passwordHash, row.destinationUnhealthyAt !== null, timeZone);
}

/** Stored JSON is re-validated with the shared schema: what fails is never served. */
export function parseContent(objectType: string, data: string): ActionContent | null {
  const parsed = actionContentSchema.safeParse({ objectType, data: safeJson(data) });
  return parsed.success ? parsed.data : null;
}

export function parseActivity(json: string): Activity {
  const raw = safeJson(json);
  if (raw === undefined || raw === null) return ALWAYS_ACTIVE;
  const parsed = activitySchema.safeParse(raw);
  // An activity that does not parse must not make a code live by accident.
  return parsed.success ? parsed.data : { ...ALWAYS_ACTIVE, mode: 'period', start: null };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function findActiveTheme(db: Db, projectId: string): Promise<ThemeSettings> {
  const row = await db
    .selectFrom('themes')
    .select(['settings', 'logoMediaId'])
    .where('projectId', '=', projectId)
    .where('isActive', '=', 1)
    .where('deletedAt', 'is', null)
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst();
  return readThemeSettings(row?.settings ?? null, row?.logoMediaId ?? null);
}

/** The whole lookup for one code: item, Action and theme, or null when nothing matches. */
export async function lookup(db: Db, code: string, host: string): Promise<Resolution | null> {
  const item = await findItem(db, code, host);
  if (!item) return null;
  const [action, theme] = await Promise.all([
    item.actionId ? findAction(db, item.actionId, item.timeZone) : Promise.resolve(null),
    findActiveTheme(db, item.projectId),
  ]);
  return { item, action, theme };
}
