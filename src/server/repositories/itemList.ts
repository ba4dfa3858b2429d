// The one list of a project's items (issue 8 part 5, issue 11): QR codes and short links page,
// sort, search and filter the same way; a kind brings only its table, its code column and how
// a page's rows are read. Fast at 100,000 items per project on SQLite and PostgreSQL.
import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import { containsText, offsetOf, type Executor, sortColumnOf } from './executor.js';
import { carriesLabel, ITEM_TYPE_OF, type ItemTable } from './projectItems.js';

type Sortable = Record<string, 'name' | 'code' | 'uri' | 'createdAt' | 'updatedAt'>;

export interface ItemListKind<Row extends { id: string }> {
  table: ItemTable;
  /** What the search reads besides the name: the QR code's code or the short link's uri. */
  code: 'code' | 'uri';
  /** The `sort` keys a client may name; unknown keys sort by creation. */
  sortable: Sortable;
  /** The rows of `ids` as the list answers them (with their Action's summary), in any order. */
  rowsOf(db: Executor, ids: string[]): Promise<Row[]>;
}

export interface ItemListFilters {
  actionId?: string;
  labelId?: string;
}

/** SQLite's trigram index of each table's name and code/uri (migration 0030), by rowid. */
const SEARCH_TABLE = { qrCodes: 'qr_codes_search', shortLinks: 'short_links_search' } as const;

/** The trigram tokenizer finds nothing for shorter text: such searches read every row. */
const TRIGRAM = 3;

/**
 * Up to this many matches a page sorts the search's matches; past it, it walks the sort
 * column's index and keeps the rows the search matched, stopping after the page. Measured on
 * 100,000 codes: sorting 25,000 matches took four times the walk, the walk over a search with
 * two matches eight times the sort.
 */
const SORTED_MATCHES = 2_000;

/**
 * `q` as a case-insensitive substring of the name or the code/uri. The LIKE (containsText) is
 * the rule on both databases; PostgreSQL serves it from pg_trgm indexes (0026) by itself, while
 * on SQLite the FTS5 trigram index first narrows the rows to candidates. Its case folding is
 * Unicode's and so at least as wide as lower() with LIKE's ASCII folding: the candidates hold
 * every row the LIKE accepts, and the LIKE keeps the answer exactly what it was without them.
 * `walk`: the candidates only filter rows the query reaches otherwise (the unary + keeps SQLite
 * from looking rows up by them), so the sort column's index can give the order.
 */
function searchOf(db: Executor, table: ItemTable, code: 'code' | 'uri', q: string, walk: boolean) {
  const text = q.toLowerCase();
  const like = sql<SqlBool>`(${containsText(`${table}.name`, q)} or ${containsText(`${table}.${code}`, q)})`;
  if (db.getExecutor().adapter instanceof PostgresAdapter || [...text].length < TRIGRAM) {
    return like;
  }
  const search = sql.id(SEARCH_TABLE[table]);
  // A quoted FTS5 string is matched literally; a double quote inside it is written twice.
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`${sql.raw(walk ? '+' : '')}${sql.ref(`${table}.rowid`)} in
    (select rowid from ${search} where ${search} match ${phrase}) and ${like}`;
}

/** The project's items outside the trash; `q` searches name and code/uri. */
export async function listItems<Row extends { id: string }>(
  db: Executor,
  kind: ItemListKind<Row>,
  projectId: string,
  query: ListQuery,
  filters: ItemListFilters = {},
): Promise<{ rows: Row[]; total: number }> {
  const { table } = kind;
  const matching = (walk: boolean) => {
    let base = db
      .selectFrom(table)
      .where('projectId', '=', projectId)
      .where('trashedAt', 'is', null)
      .where('deletedAt', 'is', null);
    if (query.q) base = base.where(searchOf(db, table, kind.code, query.q, walk));
    if (filters.actionId) base = base.where('actionId', '=', filters.actionId);
    if (filters.labelId) {
      base = base.where(carriesLabel(table, ITEM_TYPE_OF[table], filters.labelId));
    }
    return base;
  };

  const { total } = await matching(false)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  // A deferred join rather than keyset paging: clients page by number (react-admin jumps to any
  // page and shows the total), which a cursor cannot do without changing the API. The page's ids
  // come from the live-row index of the sort column alone (migration 0030 holds project, column
  // and id there, the id breaking ties in the same direction), so a deep offset steps over index
  // entries only; the table rows and their Action are read for the page's ids alone.
  const direction = query.order === 'DESC' ? 'desc' : 'asc';
  const page = await matching(Number(total) > SORTED_MATCHES)
    .select('id')
    .orderBy(sortColumnOf(kind.sortable, query.sort, 'createdAt'), direction)
    .orderBy('id', direction)
    .limit(query.perPage)
    .offset(offsetOf(query.page, query.perPage))
    .execute();
  const ids = page.map((row) => row.id);
  const rows = ids.length > 0 ? await kind.rowsOf(db, ids) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total) };
}

/** The list function of one kind: (db, projectId, query, filters) as the read tasks call it. */
export const itemListOf =
  <Row extends { id: string }>(kind: ItemListKind<Row>) =>
  (db: Executor, projectId: string, query: ListQuery, filters: ItemListFilters = {}) =>
    listItems(db, kind, projectId, query, filters);
