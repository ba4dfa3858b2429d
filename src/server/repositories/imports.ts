// Import jobs and the keys that make a second upload of the same rows change nothing.
import type { Insertable } from 'kysely';
import type { ImportKeysTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { insertRow, rowsWhere, writesOf } from './rows.js';

export const { insert: insertImportJob, update: updateImportJob } = writesOf('importJobs');

export const findImportJob = (db: Executor, projectId: string, id: string) =>
  rowsWhere(db, 'importJobs', { projectId, id }).selectAll().executeTakeFirst();

/** Which of these keys already became an item of this type in the project. */
export async function importedKeys(
  db: Executor,
  projectId: string,
  itemType: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('importKeys')
      .select('key')
      .where('projectId', '=', projectId)
      .where('itemType', '=', itemType)
      .where('key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.key);
  }
  return found;
}

export const insertImportKey = (db: Executor, row: Insertable<ImportKeysTable>) =>
  insertRow(db, 'importKeys', row);
