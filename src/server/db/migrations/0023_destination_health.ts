// Issue 16 part 5: the health of each link Action's destination, kept by the background checker
// (services/destinationHealth.ts). One row per checked Action; the URL it was checked for is kept
// so an edited link starts a fresh record.
import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

const ID = 'varchar(26)';
const TIME = 'varchar(32)';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('destination_health')
    .addColumn('action_id', ID, (c) => c.primaryKey().references('actions.id').onDelete('cascade'))
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(255)')
    .addColumn('checked_at', TIME, (c) => c.notNull())
    .addColumn('failing_since', TIME)
    .addColumn('notified_at', TIME)
    .execute();
  await createIndex(db, 'destination_health_project_idx', 'destination_health', [
    'project_id',
    'status',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('destination_health').execute();
}
