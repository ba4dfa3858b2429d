// The one list of QR codes and short links (repositories/itemList.ts), through the API: both kinds
// answer the same pages for the same rows, and every search, sort and deep page is what one
// plain query with the LIKE rule answers (on SQLite the trigram index only narrows the rows, it
// never changes the answer); the index follows every change an item goes through.
import { sql } from 'kysely';
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorOf } from '../../../src/server/db/migrate.js';
import { containsText } from '../../../src/server/repositories/executor.js';
import {
  buildItems,
  buildProject,
  type ItemSpec,
  setCustomerLimits,
} from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let projectId: string;
const isSqlite = !process.env.TEST_DATABASE_URL;

const KINDS = [
  { path: 'qr-codes', table: 'qrCodes', code: 'code', search: 'qr_codes_search' },
  { path: 'short-links', table: 'shortLinks', code: 'uri', search: 'short_links_search' },
] as const;
type Kind = (typeof KINDS)[number];

/** Names and codes that try the search's edges: case, LIKE's wildcards, quotes, non-ASCII. */
const EDGES: [string, string][] = [
  ['Menu Café', 'menu-cafe'],
  ['MENU card', 'MENUCARD'],
  ['menu_% literal', 'pct_1'],
  ['Quote "x" poster', 'quote-x'],
  ['Éclair', 'eclair-1'],
  ['éclair', 'eclair-2'],
  ['Kelvin \u212A sign', 'kelvin'],
  ['ab', 'ab'],
  ['Zebra', 'zz-Menu'],
  ['  spaced  out  ', 'spaced'],
];
/** Past the count (2,000) above which a page walks the sort index instead of sorting matches. */
const BULK = 2_100;
const SEARCHES = [
  '',
  'menu',
  'MENU',
  'café',
  'CAFÉ',
  'éclair',
  'ÉCLAIR',
  'é',
  '_%',
  '_',
  '"x"',
  'k',
  '\u212A',
  'kelvin k',
  'ab',
  '  out',
  'bulk',
  'BULK 01',
  'ulk 02',
  'k 0',
  'no such thing',
];

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
  const customerId = t.ids.customers.demo;
  projectId = await buildProject(t.db, { customerId });
  await setCustomerLimits(t.db, customerId, { maxQrCodes: -1, maxShortLinks: -1 });
  const start = Date.UTC(2025, 0, 1);
  // Pairs of rows share a creation time, so the id decides between them.
  const at = (n: number) => new Date(start + Math.floor(n / 2) * 1000).toISOString();
  const specs: ItemSpec[] = [
    ...EDGES.map(([name, code], n) => ({ name, code, createdAt: at(n) })),
    ...Array.from({ length: BULK }, (_, n) => ({
      name: `Bulk ${String((n * 7919) % BULK).padStart(4, '0')} ${['poster', 'flyer', 'menu'][n % 3]}`,
      code: `b${n}`,
      createdAt: at(EDGES.length + n),
    })),
    { name: 'Menu in the trash', code: 'trashed-menu', trashedAt: at(0) },
  ].map((spec) => ({ ...spec, id: ulid() }));
  // The same ids, names and times for both kinds: their lists must agree row for row.
  for (const kind of KINDS) await buildItems(t.db, kind.table, { customerId, projectId }, specs);
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface Case {
  q: string;
  sort?: 'name' | 'code' | 'createdAt' | 'updatedAt';
  order: 'ASC' | 'DESC';
  page: number;
  perPage: number;
}

async function listed(kind: Kind, c: Case): Promise<{ ids: string[]; total: number }> {
  const sort = c.sort === 'code' ? kind.code : c.sort;
  const params = new URLSearchParams({
    order: c.order,
    page: String(c.page),
    perPage: String(c.perPage),
    ...(c.q ? { q: c.q } : {}),
    ...(sort ? { sort } : {}),
  });
  const response = await call(t.app, 'GET', `/api/projects/${projectId}/${kind.path}?${params}`, {
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { ids: body.data.map((row: { id: string }) => row.id), total: body.meta.total };
}

/** The same page from one plain query: the LIKE rule over every live row, no index to help. */
async function expected(kind: Kind, c: Case): Promise<{ ids: string[]; total: number }> {
  const { table } = kind;
  const column = c.sort === 'code' ? kind.code : (c.sort ?? 'createdAt');
  const direction = c.order === 'DESC' ? 'desc' : 'asc';
  const rows = await t.db
    .selectFrom(table)
    .select('id')
    .where('projectId', '=', projectId)
    .where('trashedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .where(
      c.q
        ? sql<boolean>`(${containsText(`${table}.name`, c.q)} or ${containsText(`${table}.${kind.code}`, c.q)})`
        : sql<boolean>`true`,
    )
    .orderBy(column, direction)
    .orderBy('id', direction)
    .execute();
  const from = (c.page - 1) * c.perPage;
  return { ids: rows.slice(from, from + c.perPage).map((row) => row.id), total: rows.length };
}

async function agree(c: Case): Promise<number> {
  const [qr, links] = await Promise.all(KINDS.map((kind) => listed(kind, c)));
  const want = await expected(KINDS[0], c);
  const label = JSON.stringify(c);
  expect(qr, label).toEqual(want);
  expect(links, label).toEqual(want);
  return want.total;
}

describe('QR codes and short links list alike', () => {
  it('every search answers what the LIKE rule answers, for both kinds', async () => {
    const totals: Record<string, number> = {};
    for (const q of SEARCHES) {
      totals[q] = await agree({ q, order: 'ASC', page: 1, perPage: 50 });
    }
    // The cases reach what they are meant to: the wildcards are literal, the trash is left out,
    // and 'bulk' is past the count where the page walks the sort index.
    expect(totals['_%']).toBe(1);
    expect(totals.menu).toBe(4 + BULK / 3);
    expect(totals.bulk).toBe(BULK);
    expect(totals['BULK 01']).toBeGreaterThan(0);
    expect(totals['no such thing']).toBe(0);
  });

  it('every sort, both ways, agrees on the first, a middle and the last page', async () => {
    for (const sort of [undefined, 'name', 'code', 'createdAt', 'updatedAt'] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        for (const q of ['', 'menu', 'bulk 1', 'é']) {
          const total = await agree({ q, sort, order, page: 1, perPage: 25 });
          const last = Math.max(1, Math.ceil(total / 25));
          for (const page of new Set([Math.ceil(last / 2), last, last + 1])) {
            await agree({ q, sort, order, page, perPage: 25 });
          }
        }
      }
    }
  });

  it('deep pages of the whole project match page by page', async () => {
    for (const perPage of [7, 100]) {
      for (const page of [1, 2, 150, 300]) {
        await agree({ q: '', sort: 'name', order: 'DESC', page, perPage });
      }
    }
  });
});

describe.each(KINDS)('the $path search follows every change', (kind) => {
  const base = () => `/api/projects/${projectId}/${kind.path}`;
  const found = async (q: string) =>
    (await listed(kind, { q, order: 'ASC', page: 1, perPage: 25 })).ids;
  /** Rows of the SQLite trigram index holding `text` (empty on PostgreSQL, which has none). */
  const indexed = async (text: string) =>
    isSqlite
      ? (
          await sql<{ rowid: number }>`select rowid from ${sql.id(kind.search)}
            where ${sql.id(kind.search)} match ${`"${text}"`}`.execute(t.db)
        ).rows
      : [];

  it('create, rename, trash, restore and delete', async () => {
    const created = await call(t.app, 'POST', base(), {
      cookie,
      body: {
        name: 'Walrus poster',
        ...(kind.path === 'short-links' ? { uri: 'walrus-link' } : {}),
        action: { name: 'Destination', objectType: 'link', data: { link: 'https://example.com' } },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().data.id;
    expect(await found('walrus')).toEqual([id]);

    const renamed = await call(t.app, 'PUT', `${base()}/${id}`, {
      cookie,
      body: {
        name: 'Narwhal poster',
        ...(kind.path === 'short-links' ? { uri: 'orca-link' } : {}),
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('walrus')).toEqual([]);
    expect(await found('narwhal')).toEqual([id]);
    if (kind.path === 'short-links') {
      expect(await found('walrus-li')).toEqual([]);
      expect(await found('orca-li')).toEqual([id]);
    }

    expect((await call(t.app, 'DELETE', `${base()}/${id}/trash`, { cookie })).statusCode).toBe(204);
    expect(await found('narwhal')).toEqual([]);
    expect((await call(t.app, 'POST', `${base()}/${id}/restore`, { cookie })).statusCode).toBe(200);
    expect(await found('narwhal')).toEqual([id]);
    if (isSqlite) expect(await indexed('narwhal')).toHaveLength(1);

    expect((await call(t.app, 'DELETE', `${base()}/${id}/trash`, { cookie })).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `${base()}/${id}`, { cookie })).statusCode).toBe(204);
    expect(await found('narwhal')).toEqual([]);
    expect(await indexed('narwhal')).toEqual([]);
    expect(await indexed('walrus')).toEqual([]);
  });
});

describe('migration 0030', () => {
  it('undone and done again, indexes the rows that were there and lists them alike', async () => {
    const migrator = await migratorOf(t.db);
    expect((await migrator.migrateTo('0026_scan_partitions')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    if (isSqlite) {
      const { rows } = await sql`select rowid from qr_codes_search
        where qr_codes_search match '"bulk"'`.execute(t.db);
      expect(rows).toHaveLength(BULK);
    }
    for (const q of ['menu', 'bulk 02', 'é']) {
      await agree({ q, sort: 'name', order: 'ASC', page: 2, perPage: 10 });
    }
  });
});
