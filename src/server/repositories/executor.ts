// Repositories take either the database or an open transaction, so services can compose them.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

export type Executor = Kysely<Database>;

/**
 * Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL (PostgreSQL's LIKE
 * is case-sensitive); % and _ in the search text are matched literally.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * The column a list is sorted by: the client's choice when it names one of `sortable`'s own
 * keys, `fallback` otherwise. Own keys only: `sort=constructor` must not find Object.prototype.
 */
export function sortColumnOf<T extends Record<string, string>>(
  sortable: T,
  sort: string | undefined,
  fallback: T[keyof T],
): T[keyof T] {
  return sort !== undefined && Object.hasOwn(sortable, sort) ? sortable[sort as keyof T] : fallback;
}

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

/** A unique-key violation on SQLite (better-sqlite3) or PostgreSQL: a concurrent writer won. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/** Runs a write; a unique-key violation becomes `onViolation()` (another request took the key first). */
export async function withUniqueGuard<T>(
  work: () => Promise<T>,
  onViolation: () => Error,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw onViolation();
    throw error;
  }
}
