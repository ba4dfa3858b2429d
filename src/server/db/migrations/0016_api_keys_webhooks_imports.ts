// Issue 15: API keys (a SHA-256 of the key only, scoped to one project and a permission subset),
// webhooks with their delivery queue (worked by the app's timer, never the request path), and
// import jobs with the keys that make a second upload of the same file change nothing.
import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

const ID = 'varchar(26)';
const TIME = 'varchar(32)';
const TEXT = 'varchar(255)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('api_keys')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', ID, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_at', TIME)
    .addColumn('last_used_at', TIME)
    .addColumn('revoked_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'api_keys_project_idx', 'api_keys', ['project_id']);

  await s
    .createTable('webhooks')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'webhooks_project_idx', 'webhooks', ['project_id']);

  await s
    .createTable('webhook_deliveries')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('webhook_id', ID, (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', TIME)
    .addColumn('last_attempt_at', TIME)
    .addColumn('response_status', 'integer')
    .addColumn('last_error', TEXT)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'webhook_deliveries_due_idx', 'webhook_deliveries', [
    'status',
    'next_attempt_at',
  ]);
  await createIndex(db, 'webhook_deliveries_webhook_idx', 'webhook_deliveries', [
    'webhook_id',
    'created_at',
  ]);

  await s
    .createTable('import_jobs')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', ID, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', TEXT)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  // One row per imported item and key: the same key in the same project is the same item.
  await s
    .createTable('import_keys')
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', TEXT, (c) => c.notNull())
    .addColumn('item_id', ID, (c) => c.notNull())
    .addPrimaryKeyConstraint('import_keys_pk', ['project_id', 'item_type', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['import_keys', 'import_jobs', 'webhook_deliveries', 'webhooks', 'api_keys'])
    await db.schema.dropTable(table).execute();
}
