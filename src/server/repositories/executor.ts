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
