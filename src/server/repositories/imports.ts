// Import jobs and the keys that make a second upload of the same rows change nothing.
import type { Insertable, Updateable } from 'kysely';
import type { ImportJobRow, ImportJobsTable, ImportKeysTable } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertImportJob(
  db: Executor,
  row: Insertable<ImportJobsTable>,
): Promise<void> {
  await db.insertInto('importJobs').values(row).execute();
}

export function findImportJob(
  db: Executor,
  projectId: string,
  id: string,
): Promise<ImportJobRow | undefined> {
  return db
    .selectFrom('importJobs')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateImportJob(
  db: Executor,
  id: string,
  patch: Updateable<ImportJobsTable>,
): Promise<void> {
  await db.updateTable('importJobs').set(patch).where('id', '=', id).execute();
}

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

export async function insertImportKey(
  db: Executor,
  row: Insertable<ImportKeysTable>,
): Promise<void> {
  await db.insertInto('importKeys').values(row).execute();
}
