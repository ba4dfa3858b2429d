// White-label hostnames (issue 14): one can be the customer's primary (its codes' scan URLs use
// it), a hostname is verified once it resolves to the platform, and each has its own scheme.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('white_label_hostnames')
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('white_label_hostnames')
    .addColumn('verified_at', 'varchar(32)')
    .execute();
  await db.schema
    .alterTable('white_label_hostnames')
    .addColumn('scheme', 'varchar(5)', (c) => c.notNull().defaultTo('https'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['is_primary', 'verified_at', 'scheme'])
    await db.schema.alterTable('white_label_hostnames').dropColumn(column).execute();
}
