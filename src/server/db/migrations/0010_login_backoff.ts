// Login throttling backs off exponentially from the last failure (issue 7): keep its time.
import { sql, type Kysely } from 'kysely';
import { addColumn, dropColumns } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumn(db, 'login_attempts', 'last_failure_at', 'varchar(32)');
  await sql`update login_attempts set last_failure_at = window_start`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropColumns(db, 'login_attempts', ['last_failure_at']);
}
