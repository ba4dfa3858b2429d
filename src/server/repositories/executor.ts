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
