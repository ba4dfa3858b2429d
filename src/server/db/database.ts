// Opens the database: embedded SQLite by default, PostgreSQL when a postgres:// URL is given.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Driver } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise SQLite at `sqliteFile` (':memory:' allowed). */
  databaseUrl?: string;
  sqliteFile?: string;
  /** SQLite only: a read-only connection (the statistics readers beside the writer, WAL). */
  readonly?: boolean;
  /** PostgreSQL only: the most connections the pool opens (10 by default). */
  connections?: number;
}

// PostgreSQL answers bigint and numeric as strings; our counters fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/**
 * SQLite itself rolls a transaction back when the disk is full (SQLITE_FULL); Kysely's rollback
 * then fails with "cannot rollback - no transaction is active", which would replace the real
 * cause in the error and the log. The transaction is gone either way, so that failure is dropped.
 */
class SqliteKeepingCauseDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      try {
        await rollback(connection);
      } catch (error) {
        if (!/no transaction is active/i.test((error as Error).message)) throw error;
      }
    };
    return driver;
  }
}

/** The better-sqlite3 handle behind a SQLite Kysely, for statements prepared once (scan writes). */
const sqliteHandles = new WeakMap<Db, SQLite.Database>();
export const sqliteHandleOf = (db: Db): SQLite.Database | undefined => sqliteHandles.get(db);

/**
 * What a PostgreSQL Kysely was opened with: the URL, so another thread can open its own
 * connections, and the pool, for the scan writer's COPY (which Kysely does not speak).
 */
const postgresOpened = new WeakMap<Db, { url: string; pool: pg.Pool }>();
export const postgresPoolOf = (db: Db): pg.Pool | undefined => postgresOpened.get(db)?.pool;

/**
 * How another thread opens the same database (the statistics readers), or null where it cannot:
 * an in-memory SQLite lives in this connection only.
 */
export function sameDatabaseOptions(db: Db): DatabaseOptions | null {
  const url = postgresOpened.get(db)?.url;
  if (url) return { databaseUrl: url };
  const handle = sqliteHandles.get(db);
  return handle && !handle.memory ? { sqliteFile: handle.name, readonly: true } : null;
}

export function databaseKind(options: DatabaseOptions): DbKind {
  return options.databaseUrl?.startsWith('postgres') ? 'postgres' : 'sqlite';
}

export function createDatabase(options: DatabaseOptions): Db {
  const plugins = [new CamelCasePlugin()];
  if (databaseKind(options) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.connections ?? 10,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    postgresOpened.set(db, { url: options.databaseUrl as string, pool });
    return db;
  }
  const file = options.sqliteFile ?? ':memory:';
  let sqlite: SQLite.Database;
  if (options.readonly) {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  } else {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new SQLite(file);
    // WAL lets the scan writer and API readers work side by side; NORMAL sync is safe with WAL.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
  }
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteKeepingCauseDialect({ database: sqlite }),
    plugins,
  });
  sqliteHandles.set(db, sqlite);
  return db;
}
