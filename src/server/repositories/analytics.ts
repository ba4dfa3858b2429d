// Scan rows for statistics: only the columns the aggregation reads, bounded by the
// (project_id, scanned_at) or (item_id, scanned_at) index, read in keyset-paged chunks so a
// large range never sits in memory at once. Bucketing happens in TypeScript (shared/statsAggregation).
import type { StatsScanRow } from '../../shared/statsAggregation.js';
import type { Executor } from './executor.js';

export interface ScanRowFilter {
  projectId: string;
  /** Only these items (QR codes, short links); all of the project's when absent. */
  itemIds?: readonly string[];
  /** ISO-8601 UTC bounds, both inclusive. */
  from: string;
  to: string;
}

export const SCAN_CHUNK_SIZE = 5000;

/**
 * The counted scans (kind 'scan', no bots) in the range, oldest first, one chunk at a time.
 * The cursor is (scanned_at, id): `scanned_at >= last` keeps the index range, the `or` skips
 * what the previous chunk already gave.
 */
export async function* countedScanChunks(
  db: Executor,
  filter: ScanRowFilter,
  chunkSize = SCAN_CHUNK_SIZE,
): AsyncGenerator<StatsScanRow[]> {
  if (filter.itemIds && filter.itemIds.length === 0) return;
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom('scans')
      .select(['id', 'scannedAt', 'isUnique', 'device', 'os', 'browser', 'country', 'referrer'])
      .where('projectId', '=', filter.projectId)
      .where('kind', '=', 'scan')
      .where('isBot', '=', 0)
      .where('scannedAt', '<=', filter.to);
    if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds);
    if (cursor) {
      const { at, id } = cursor;
      query = query
        .where('scannedAt', '>=', at)
        .where((eb) => eb.or([eb('scannedAt', '>', at), eb('id', '>', id)]));
    } else {
      query = query.where('scannedAt', '>=', filter.from);
    }
    const rows = await query.orderBy('scannedAt').orderBy('id').limit(chunkSize).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.scannedAt, id: Number(last.id) };
  }
}

/**
 * The scan items an id stands for in a project: itself (a QR code or short link) plus, when it
 * is an Action, the QR codes and short links currently linked to it.
 */
export async function statisticsItemIds(
  db: Executor,
  projectId: string,
  itemId: string,
): Promise<string[]> {
  const [qrCodes, shortLinks] = await Promise.all([
    db
      .selectFrom('qrCodes')
      .select('id')
      .where('projectId', '=', projectId)
      .where('actionId', '=', itemId)
      .execute(),
    db
      .selectFrom('shortLinks')
      .select('id')
      .where('projectId', '=', projectId)
      .where('actionId', '=', itemId)
      .execute(),
  ]);
  return [itemId, ...qrCodes.map((row) => row.id), ...shortLinks.map((row) => row.id)];
}
