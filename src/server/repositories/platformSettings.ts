// Platform-wide settings, one JSON value per key.
import type { Executor } from './executor.js';

export async function readPlatformSetting(db: Executor, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('platformSettings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

export async function writePlatformSetting(
  db: Executor,
  key: string,
  value: unknown,
): Promise<void> {
  const row = { key, value: JSON.stringify(value), updatedAt: new Date().toISOString() };
  await db
    .insertInto('platformSettings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value: row.value, updatedAt: row.updatedAt }),
    )
    .execute();
}
