// Advertisements of a project, their links to QR codes (advertisement_links) and their view and
// click counts. Every query takes the project id, so another project's ad or code never matches.
import { itemTotals, rollupSums, type BucketRange } from './analytics.js';
import type { Selectable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { AdvertisementsTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, deleteRows, idsInProject, pageOf, rowsWhere, writesOf } from './rows.js';

export type AdvertisementRow = Selectable<AdvertisementsTable>;
export type AdvertisementWithExtras = AdvertisementRow & {
  imageName: string | null;
  qrCodeCount: number;
};

const ORDER = byNameOr(['name', 'displayTimeMs', 'createdAt', 'updatedAt'], 'advertisements');

function withExtras(db: Executor) {
  return db
    .selectFrom('advertisements')
    .leftJoin('media', (join) =>
      join.onRef('media.id', '=', 'advertisements.imageMediaId').on('media.deletedAt', 'is', null),
    )
    .selectAll('advertisements')
    .select('media.fileName as imageName')
    .select((eb) =>
      eb
        .selectFrom('advertisementLinks')
        .innerJoin('qrCodes', 'qrCodes.id', 'advertisementLinks.qrCodeId')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('advertisementLinks.advertisementId', '=', 'advertisements.id')
        .where('qrCodes.trashedAt', 'is', null)
        .where('qrCodes.deletedAt', 'is', null)
        .as('qrCodeCount'),
    )
    .where('advertisements.deletedAt', 'is', null);
}

const counted = <T extends { qrCodeCount: number | string | null }>(row: T) => ({
  ...row,
  qrCodeCount: Number(row.qrCodeCount ?? 0),
});

/** The project's advertisements; `q` searches names. */
export async function listAdvertisements(
  db: Executor,
  projectId: string,
  query: ListQuery,
): Promise<{ rows: AdvertisementWithExtras[]; total: number }> {
  let base = rowsWhere(db, 'advertisements', { projectId, deletedAt: null });
  if (query.q) base = base.where(containsText('advertisements.name', query.q));
  let rowsQuery = withExtras(db).where('advertisements.projectId', '=', projectId);
  if (query.q) rowsQuery = rowsQuery.where(containsText('advertisements.name', query.q));
  const { rows, total } = await pageOf(base, query, ORDER, () => rowsQuery);
  return { rows: rows.map(counted), total };
}

export async function findAdvertisement(
  db: Executor,
  projectId: string,
  id: string,
): Promise<AdvertisementWithExtras | null> {
  const row = await withExtras(db)
    .where('advertisements.id', '=', id)
    .where('advertisements.projectId', '=', projectId)
    .executeTakeFirst();
  return row ? counted(row) : null;
}

export const { insert: insertAdvertisement, update: updateAdvertisement } =
  writesOf('advertisements');

/** A QR code as a link list shows it. */
export interface LinkedQrCodeRow {
  id: string;
  projectId: string;
  code: string;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The QR codes (outside the trash) an advertisement is shown on, newest link first. */
export async function linkedQrCodes(
  db: Executor,
  projectId: string,
  advertisementId: string,
): Promise<LinkedQrCodeRow[]> {
  return db
    .selectFrom('advertisementLinks')
    .innerJoin('qrCodes', 'qrCodes.id', 'advertisementLinks.qrCodeId')
    .select([
      'qrCodes.id',
      'qrCodes.projectId',
      'qrCodes.code',
      'qrCodes.name',
      'qrCodes.description',
      'qrCodes.createdAt',
      'qrCodes.updatedAt',
    ])
    .where('advertisementLinks.advertisementId', '=', advertisementId)
    .where('qrCodes.projectId', '=', projectId)
    .where('qrCodes.trashedAt', 'is', null)
    .where('qrCodes.deletedAt', 'is', null)
    .orderBy('advertisementLinks.createdAt', 'desc')
    .orderBy('qrCodes.id')
    .execute();
}

/** The advertisements a QR code shows, newest link first. */
export async function advertisementsOfQrCode(
  db: Executor,
  projectId: string,
  qrCodeId: string,
): Promise<AdvertisementWithExtras[]> {
  const rows = await withExtras(db)
    .innerJoin('advertisementLinks', 'advertisementLinks.advertisementId', 'advertisements.id')
    .where('advertisementLinks.qrCodeId', '=', qrCodeId)
    .where('advertisements.projectId', '=', projectId)
    .orderBy('advertisementLinks.createdAt', 'desc')
    .orderBy('advertisements.id')
    .execute();
  return rows.map(counted);
}

/** Of the given ids, the QR codes of the project outside the trash: id → code. */
export async function projectQrCodes(
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsWhere(db, 'qrCodes', { projectId, trashedAt: null, deletedAt: null })
    .select(['id', 'code'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** Of the given ids, the advertisements of the project. */
export const projectAdvertisementIds = (db: Executor, projectId: string, ids: readonly string[]) =>
  idsInProject(db, 'advertisements', projectId, ids);

/** The links of one advertisement, with each code's scan code (trashed codes included). */
export async function linksOfAdvertisement(
  db: Executor,
  advertisementId: string,
): Promise<{ qrCodeId: string; code: string; trashedAt: string | null }[]> {
  return db
    .selectFrom('advertisementLinks')
    .innerJoin('qrCodes', 'qrCodes.id', 'advertisementLinks.qrCodeId')
    .select(['advertisementLinks.qrCodeId', 'qrCodes.code', 'qrCodes.trashedAt'])
    .where('advertisementLinks.advertisementId', '=', advertisementId)
    .execute();
}

export async function linkedAdvertisementIds(db: Executor, qrCodeId: string): Promise<string[]> {
  const rows = await rowsWhere(db, 'advertisementLinks', { qrCodeId })
    .select('advertisementId')
    .execute();
  return rows.map((row) => row.advertisementId);
}

export async function insertLinks(
  db: Executor,
  links: { advertisementId: string; qrCodeId: string }[],
): Promise<void> {
  if (links.length === 0) return;
  const createdAt = new Date().toISOString();
  await db
    .insertInto('advertisementLinks')
    .values(links.map((link) => ({ ...link, createdAt })))
    .execute();
}

export async function deleteLinks(
  db: Executor,
  links: { advertisementId: string; qrCodeId: string }[],
): Promise<void> {
  for (const { advertisementId, qrCodeId } of links) {
    await deleteRows(db, 'advertisementLinks', { advertisementId, qrCodeId });
  }
}

export async function deleteAllLinksOf(db: Executor, advertisementId: string): Promise<void> {
  await deleteRows(db, 'advertisementLinks', { advertisementId });
}

/**
 * Human views, unique views and click-throughs of an advertisement (bots are not counted; the
 * caller vouches the advertisement is the project's), from its rollups: the running totals, or
 * the rows of a range (services/statistics.ts `rangeRows`, in the project's time zone).
 */
export async function advertisementStats(
  db: Executor,
  advertisementId: string,
  ranges?: readonly BucketRange[],
): Promise<{ views: number; uniqueViews: number; clicks: number }> {
  const dimensions = ['ad_view', 'ad_click'];
  let rows: { dimension: string; scans: number; uniques: number }[];
  if (!ranges) {
    const [views, clicks] = await Promise.all(
      dimensions.map((dimension) => itemTotals(db, [advertisementId], dimension)),
    );
    rows = [
      { dimension: 'ad_view', ...(views.get(advertisementId) ?? { scans: 0, uniques: 0 }) },
      { dimension: 'ad_click', ...(clicks.get(advertisementId) ?? { scans: 0, uniques: 0 }) },
    ];
  } else {
    rows = await rollupSums(db, [advertisementId], dimensions, ranges);
  }
  const sum = (dimension: string, field: 'scans' | 'uniques') =>
    rows.filter((row) => row.dimension === dimension).reduce((n, row) => n + row[field], 0);
  return {
    views: sum('ad_view', 'scans'),
    uniqueViews: sum('ad_view', 'uniques'),
    clicks: sum('ad_click', 'scans'),
  };
}

/** What the scan service shows before a QR code's Action: its live advertisements. */
export interface ScanAdvertisement {
  id: string;
  name: string;
  text: string | null;
  imageMediaId: string | null;
  link: string | null;
  displayTimeMs: number;
}

export async function scanAdvertisements(
  db: Executor,
  qrCodeId: string,
): Promise<ScanAdvertisement[]> {
  return (
    db
      .selectFrom('advertisementLinks')
      .innerJoin('advertisements', 'advertisements.id', 'advertisementLinks.advertisementId')
      .innerJoin('qrCodes', 'qrCodes.id', 'advertisementLinks.qrCodeId')
      .select([
        'advertisements.id',
        'advertisements.name',
        'advertisements.text',
        'advertisements.imageMediaId',
        'advertisements.link',
        'advertisements.displayTimeMs',
      ])
      .where('advertisementLinks.qrCodeId', '=', qrCodeId)
      .where('advertisements.deletedAt', 'is', null)
      // Only ads of the code's own project, whatever the link table holds.
      .whereRef('advertisements.projectId', '=', 'qrCodes.projectId')
      .orderBy('advertisements.id')
      .execute()
  );
}
