// The raw scans' batch writer (repositories/analytics.ts): on PostgreSQL a batch goes in through
// COPY's text format, so every value must come back exactly as it went in, whatever characters it
// holds (tabs end a field and line ends a row there; a backslash starts an escape, and \N is
// null) and nulls. And the raw-scan export's paging: every row of the range once, oldest first,
// each chunk read along an index rather than by sorting the range.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rawScanChunk,
  rawScanChunkQuery,
  rawScanChunks,
  type RawScanFilter,
} from '../../../src/server/repositories/analytics.js';
import { buildCustomer, buildProject, recordScans } from '../../helpers/factories.js';
import { createTestDb, type TestDb } from '../scan/helpers.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
});

/** The project's stored scans, oldest first. */
const storedScansOf = (projectId: string) =>
  t.db
    .selectFrom('scans')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('scannedAt')
    .execute();
/** Written rows as they read back: PostgreSQL answers the bigserial id as a string. */
const withAnyId = <Row extends object>(rows: readonly Row[]) =>
  rows.map((row) => ({ ...row, id: expect.anything() }));

describe('scan batch writer', () => {
  it('stores every column of every row exactly, awkward characters and nulls included', async () => {
    const customerId = await buildCustomer(t.db);
    const projectId = await buildProject(t.db, { customerId });
    const awkward = [
      'a,b',
      '{braces}',
      '"quoted"',
      'back\\slash',
      "it's",
      'NULL',
      '',
      'ünïcødé 😀',
      ' spaced ',
      'tab\there',
      'line\nend',
      'carriage\rreturn',
      '\\N',
      '\\t not a tab',
      'ends with a backslash\\',
      '\\.',
    ];
    const written = await recordScans(
      t.db,
      { customerId, projectId },
      awkward.map((text, i) => ({
        scannedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        itemId: `item-${i}`.padEnd(26, '0'),
        referrer: text,
        browser: i % 2 === 0 ? null : text.slice(0, 60),
        country: i % 3 === 0 ? null : 'NL',
        isUnique: i % 2 === 0 ? 0 : 1,
        isBot: i === 4 ? 1 : 0,
        rule: i % 2 === 0 ? JSON.stringify({ label: text }) : null,
        variant: i === 1 ? text : null,
      })),
    );
    expect(await storedScansOf(projectId)).toEqual(withAnyId(written));
  });
});

describe('scan batch writer, a batch larger than one turn', () => {
  it('lets other work in between pieces, and the pieces join into exactly the rows given', async () => {
    const customerId = await buildCustomer(t.db);
    const projectId = await buildProject(t.db, { customerId });
    // Awkward values on both sides of every 100-row piece: a COPY piece must end on a whole row.
    // 1,050 rows: ten whole pieces and a last one of 50 (on SQLite an INSERT of each length).
    const awkward = (i: number) =>
      i % 100 === 99 || i % 100 === 0 ? `tab\there\\${i}\n` : `r${i}`;
    let turns = 0;
    let writing = true;
    const tick = () => {
      if (!writing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const written = await recordScans(
      t.db,
      { customerId, projectId },
      Array.from({ length: 1050 }, (_, i) => ({
        scannedAt: new Date(Date.UTC(2026, 1, 1, 0, 0, 0, i)).toISOString(),
        referrer: awkward(i),
        country: i % 7 === 0 ? null : 'NL',
        rule: null,
        variant: i % 3 === 0 ? `v${i}` : null,
      })),
    );
    writing = false;
    // On SQLite each piece is written synchronously, so only the pieces' turns let anything in
    // (one turn for the whole batch before); PostgreSQL's round trips give turns of their own.
    expect(turns).toBeGreaterThanOrEqual(10);
    expect(await storedScansOf(projectId)).toEqual(withAnyId(written));
  });
});

describe('raw scan export paging', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();

  /** Every chunk's rows of `filter`, in chunks of `size`. */
  async function paged(filter: RawScanFilter, size: number) {
    const chunks = [];
    for await (const chunk of rawScanChunks(
      (after, limit) => rawScanChunk(t.db, filter, after, limit),
      size,
    )) {
      chunks.push(chunk);
    }
    return chunks;
  }

  it('gives every row of the range once, oldest first, when times tie across chunks and ids run against time', async () => {
    const customerId = await buildCustomer(t.db);
    const projectId = await buildProject(t.db, { customerId });
    const other = await buildProject(t.db, { customerId });
    const [a, b] = ['01JEXPORTA0000000000000000', '01JEXPORTB0000000000000000'];
    // Written newest first, in three batches: ids run against time. Minute 5 holds seven scans,
    // more than two chunks of three.
    const minutes = [9, 5, 5, 5, 5, 5, 5, 5, 3, 1, 0];
    for (const batch of [minutes.slice(0, 4), minutes.slice(4, 8), minutes.slice(8)]) {
      await recordScans(
        t.db,
        { customerId, projectId },
        batch.map((minute, i) => ({ scannedAt: at(minute), itemId: i % 2 ? a : b })),
      );
    }
    await recordScans(t.db, { customerId, projectId: other }, [{ scannedAt: at(5) }]);
    const stored = await t.db
      .selectFrom('scans')
      .select(['id', 'scannedAt', 'itemId'])
      .where('projectId', '=', projectId)
      .execute();
    const expected = stored
      .map((row) => ({ ...row, id: Number(row.id) }))
      .sort((x, y) => x.scannedAt.localeCompare(y.scannedAt) || x.id - y.id);
    const range = { projectId, from: at(1), to: at(9) };
    const rowsOf = (chunks: { id: number | string; scannedAt: string; itemId: string }[][]) =>
      chunks
        .flat()
        .map((row) => ({ id: Number(row.id), scannedAt: row.scannedAt, itemId: row.itemId }));

    const chunks = await paged(range, 3);
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 3, 3, 1]);
    expect(rowsOf(chunks)).toEqual(expected.filter((row) => row.scannedAt >= at(1)));

    const ofA = await paged({ ...range, itemIds: [a] }, 2);
    expect(rowsOf(ofA)).toEqual(
      expected.filter((row) => row.itemId === a && row.scannedAt >= at(1)),
    );
    expect(await paged({ ...range, itemIds: [] }, 2)).toEqual([]);
  });

  it("reads a chunk of a project's or its items' scans along the one index, never sorting the range", async () => {
    const range = { projectId: '01JPLANPROJECT000000000000', from: at(0), to: at(9) };
    const after = { scannedAt: at(5), id: 10 };
    for (const filter of [range, { ...range, itemIds: ['01JPLANITEM000000000000000'] }]) {
      const query = rawScanChunkQuery(t.db, filter, after, 5).compile();
      const plan = await planOf(query.sql, query.parameters);
      // PostgreSQL names a partition's copy of an index after its columns.
      expect(plan).toMatch(/scans_project_idx|_project_id_scanned_at_item_id_idx/);
      // A plain sort would order the whole range for each chunk; PostgreSQL's incremental sort
      // and SQLite's sort of the last term order only the rows of one scanned_at (the id
      // tie-break) as the index hands them over.
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|(^|->)\s*Sort\s+\(/m);
    }
  });
});

/**
 * The plan of a statement, as text. On PostgreSQL with scans and sorts priced out: the tiny test
 * table would otherwise be read whole, and the question is whether an index can serve the order.
 */
async function planOf(statement: string, parameters: readonly unknown[]): Promise<string> {
  return t.db.transaction().execute(async (trx) => {
    if (t.kind === 'postgres') {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
        await sql.raw(`set local ${setting} = off`).execute(trx);
      }
    }
    const explain = t.kind === 'postgres' ? 'explain' : 'explain query plan';
    const { rows } = await trx.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${statement}`, [...parameters]),
    );
    return rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n');
  });
}
