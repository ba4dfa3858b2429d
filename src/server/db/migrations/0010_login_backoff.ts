// Login throttling backs off exponentially from the last failure (issue 7): keep its time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('login_attempts')
    .addColumn('last_failure_at', 'varchar(32)')
    .execute();
  await sql`update login_attempts set last_failure_at = window_start`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_attempts').dropColumn('last_failure_at').execute();
}
