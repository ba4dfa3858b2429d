// Two-factor sign-in, self sign-up and the first admin (issue 9, parts 4–6): the TOTP secret of a
// user (pending until one code confirms it), hashed one-time recovery codes, the half-finished
// sign-in between password and code, a customer's 2FA requirement, and mailed email codes.
import type { Kysely } from 'kysely';
import { addColumn, dropColumns, createIndex } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumn(db, 'users', 'two_factor_secret', 'varchar(64)');
  await addColumn(db, 'users', 'two_factor_enabled_at', 'varchar(32)');
  // The last accepted time step: a code seen once is not accepted again (RFC 6238 §5.2).
  await addColumn(db, 'users', 'two_factor_last_step', 'integer');
  await addColumn(db, 'customers', 'require_two_factor', 'integer', (c) =>
    c.notNull().defaultTo(0),
  );

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(26)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await createIndex(db, 'recovery_codes_user_idx', 'recovery_codes', ['user_id']);

  await db.schema
    .createTable('pending_logins')
    // SHA-256 of the cookie token, like sessions.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(26)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('user_id', 'varchar(26)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_verifications', 'pending_logins', 'recovery_codes'])
    await db.schema.dropTable(table).execute();
  await dropColumns(db, 'customers', ['require_two_factor']);
  await dropColumns(db, 'users', [
    'two_factor_last_step',
    'two_factor_enabled_at',
    'two_factor_secret',
  ]);
}
