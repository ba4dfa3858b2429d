// Lists of 100,000 QR codes or short links (issue 11): every sortable column has an index that
// starts with the project and ends with the id tie-break, so a page walks the index in order and
// stops after its rows instead of sorting the project; the live-row count reads an index only.
import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

/** The sort indexes 0015 did not add (name, created_at and updated_at have theirs). */
const SORT_INDEXES = [
  { name: 'qr_codes_project_code_idx', table: 'qr_codes', column: 'code' },
  { name: 'short_links_project_uri_idx', table: 'short_links', column: 'uri' },
];
/** A list's total counts rows outside the trash and not deleted: covered by these. */
const LIVE_INDEXES = [
  { name: 'qr_codes_project_live_idx', table: 'qr_codes' },
  { name: 'short_links_project_live_idx', table: 'short_links' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of SORT_INDEXES) {
    await createIndex(db, index.name, index.table, ['project_id', index.column, 'id']);
  }
  for (const index of LIVE_INDEXES) {
    await createIndex(db, index.name, index.table, ['project_id', 'trashed_at', 'deleted_at']);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [...SORT_INDEXES, ...LIVE_INDEXES]) {
    await db.schema.dropIndex(index.name).execute();
  }
}
