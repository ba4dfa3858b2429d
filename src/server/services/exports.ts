// CSV export of a project's lists (issue 15, part 4): QR codes, short links, QR links (Actions)
// and labels, every row the list shows, read page by page through the lists' own queries.
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/database.js';
import type { ListQuery } from '../../shared/schemas/common.js';
import { listActions } from '../repositories/actions.js';
import { listLabels } from '../repositories/labels.js';
import { listQrCodes } from '../repositories/qrCodes.js';
import { listShortLinks } from '../repositories/shortLinks.js';
import type { Actor } from '../domain/actor.js';
import { visibleProjectOr404 } from './projects.js';

export const EXPORT_LISTS = ['qr-codes', 'short-links', 'actions', 'labels'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

const PAGE = 500;

type Page<T> = (query: ListQuery) => Promise<{ rows: T[]; total: number }>;

async function everyRow<T>(page: Page<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let number = 1; ; number++) {
    const result = await page({ page: number, perPage: PAGE, order: 'ASC', sort: 'createdAt' });
    rows.push(...result.rows);
    if (result.rows.length < PAGE || rows.length >= result.total) return rows;
  }
}

/** A spreadsheet runs a cell starting with = + - @ as a formula: such cells get a quote first. */
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

const linkOf = (data: string | null) => {
  try {
    return (JSON.parse(data ?? '{}') as { link?: string }).link ?? '';
  } catch {
    return '';
  }
};

/** The list as CSV text (UTF-8 with a byte-order mark, so Excel reads accents right). */
export async function exportList(db: Db, actor: Actor, projectId: string, list: ExportList) {
  const project = await visibleProjectOr404(db, actor, projectId);
  const id = project.id;
  let table: unknown[][];
  if (list === 'qr-codes') {
    const rows = await everyRow((query) => listQrCodes(db, id, query));
    table = [
      ['id', 'name', 'code', 'actionId', 'createdAt', 'updatedAt'],
      ...rows.map((r) => [r.id, r.name, r.code, r.actionId, r.createdAt, r.updatedAt]),
    ];
  } else if (list === 'short-links') {
    const rows = await everyRow((query) => listShortLinks(db, id, query));
    table = [
      ['id', 'name', 'host', 'uri', 'actionId', 'createdAt', 'updatedAt'],
      ...rows.map((r) => [r.id, r.name, r.host, r.uri, r.actionId, r.createdAt, r.updatedAt]),
    ];
  } else if (list === 'actions') {
    const rows = await everyRow((query) => listActions(db, id, query));
    table = [
      ['id', 'name', 'type', 'url', 'createdAt', 'updatedAt'],
      ...rows.map((r) => [r.id, r.name, r.objectType, linkOf(r.data), r.createdAt, r.updatedAt]),
    ];
  } else {
    const rows = await everyRow((query) => listLabels(db, id, query));
    table = [
      ['id', 'name', 'color', 'items'],
      ...rows.map((r) => [r.id, r.name, r.color, r.itemCount]),
    ];
  }
  return `\uFEFF${stringify(
    table.map((row) => row.map(cell)),
    { record_delimiter: 'windows' },
  )}`;
}
