// White-label hostnames (issue 14): one can be the customer's primary (its codes' scan URLs use
// it), a hostname is verified once it resolves to the platform, and each has its own scheme.
import type { Kysely } from 'kysely';
import { addColumn, dropColumns } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumn(db, 'white_label_hostnames', 'is_primary', 'integer', (c) =>
    c.notNull().defaultTo(0),
  );
  await addColumn(db, 'white_label_hostnames', 'verified_at', 'varchar(32)');
  await addColumn(db, 'white_label_hostnames', 'scheme', 'varchar(5)', (c) =>
    c.notNull().defaultTo('https'),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropColumns(db, 'white_label_hostnames', ['is_primary', 'verified_at', 'scheme']);
}
