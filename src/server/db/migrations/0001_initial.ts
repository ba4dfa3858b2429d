// Every table of SPEC §3, valid on SQLite and PostgreSQL: text ids (ULIDs), ISO-8601 text times,
// 0/1 integer flags, JSON as text. Later features add behaviour, not tables.
import { PostgresAdapter, type Kysely } from 'kysely';
import { createIndex } from './helpers.js';

const ID = 'varchar(26)';
const TIME = 'varchar(32)';
const TEXT = 'varchar(255)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await s
    .createTable('plans')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('price_month_cents', 'integer', (c) => c.notNull())
    .addColumn('price_year_cents', 'integer', (c) => c.notNull())
    .addColumn('max_qr_codes', 'integer', (c) => c.notNull())
    .addColumn('max_scans', 'bigint', (c) => c.notNull())
    .addColumn('max_storage', 'bigint', (c) => c.notNull())
    .addColumn('max_users', 'integer', (c) => c.notNull())
    .addColumn('max_short_links', 'integer', (c) => c.notNull())
    .addColumn('support_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await s
    .createTable('customers')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('admin_email', TEXT, (c) => c.notNull())
    .addColumn('customer_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('vat_number', 'varchar(32)')
    .addColumn('trial_end_at', TIME)
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscription_status', 'varchar(16)', (c) => c.notNull().defaultTo('trial'))
    .addColumn('plan_id', ID, (c) => c.references('plans.id'))
    .addColumn('billing_period', 'varchar(8)')
    .addColumn('max_qr_codes', 'integer', (c) => c.notNull())
    .addColumn('max_scans', 'bigint', (c) => c.notNull())
    .addColumn('max_storage', 'bigint', (c) => c.notNull())
    .addColumn('max_users', 'integer', (c) => c.notNull())
    .addColumn('max_short_links', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'customers_name_idx', 'customers', ['name']);

  await s
    .createTable('subscriptions')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('plan_id', ID, (c) => c.notNull().references('plans.id'))
    .addColumn('billing_period', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('started_at', TIME, (c) => c.notNull())
    .addColumn('canceled_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'subscriptions_customer_idx', 'subscriptions', ['customer_id']);

  await s
    .createTable('media')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_name', TEXT, (c) => c.notNull())
    .addColumn('mime_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', TEXT, (c) => c.notNull())
    .addColumn('created_by', ID)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .execute();
  await createIndex(db, 'media_project_idx', 'media', ['project_id']);

  await s
    .createTable('users')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('email', TEXT, (c) => c.notNull().unique())
    .addColumn('password_hash', TEXT, (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('nl'))
    .addColumn('avatar_media_id', ID)
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'users_customer_idx', 'users', ['customer_id']);

  await s
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', ID, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('logout_token', 'varchar(64)', (c) => c.unique())
    .addColumn('user_agent', TEXT)
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('last_seen_at', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'sessions_user_idx', 'sessions', ['user_id']);

  // Password reset links: only a SHA-256 of the mailed token is kept, like sessions.
  await s
    .createTable('password_resets')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('user_id', ID, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await s
    .createTable('login_attempts')
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', TIME, (c) => c.notNull())
    .execute();

  await s
    .createTable('invitations')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('email', TEXT, (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', ID)
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('accepted_at', TIME)
    .addColumn('revoked_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'invitations_customer_idx', 'invitations', ['customer_id']);

  await s
    .createTable('projects')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('description', 'varchar(1000)')
    .addColumn('access', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('tracking', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_qr_codes', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('max_scans', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('max_storage', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('max_short_links', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('used_scans', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_storage', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', TIME)
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'projects_customer_idx', 'projects', ['customer_id']);

  await s
    .createTable('project_users')
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', ID, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('can_manage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('project_users_pk', ['project_id', 'user_id'])
    .execute();
  await createIndex(db, 'project_users_user_idx', 'project_users', ['user_id']);

  await s
    .createTable('actions')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('created_by', ID)
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'actions_project_idx', 'actions', ['project_id']);

  await s
    .createTable('qr_code_templates')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'qr_code_templates_project_idx', 'qr_code_templates', ['project_id']);

  await s
    .createTable('qr_codes')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('description', 'varchar(1000)')
    .addColumn('action_id', ID, (c) => c.references('actions.id').onDelete('set null'))
    .addColumn('template_id', ID, (c) => c.references('qr_code_templates.id').onDelete('set null'))
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('created_by', ID)
    .addColumn('trashed_at', TIME)
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'qr_codes_project_idx', 'qr_codes', ['project_id', 'created_at']);
  await createIndex(db, 'qr_codes_action_idx', 'qr_codes', ['action_id']);

  await s
    .createTable('short_links')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('host', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('uri', TEXT, (c) => c.notNull())
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('description', 'varchar(1000)')
    .addColumn('action_id', ID, (c) => c.references('actions.id').onDelete('set null'))
    .addColumn('created_by', ID)
    .addColumn('trashed_at', TIME)
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('short_links_host_uri_uq', ['host', 'uri'])
    .execute();
  await createIndex(db, 'short_links_project_idx', 'short_links', ['project_id', 'created_at']);

  await s
    .createTable('labels')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(16)', (c) => c.notNull())
    .addColumn('color', 'varchar(16)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('labels_project_name_uq', ['project_id', 'name'])
    .execute();

  await s
    .createTable('label_links')
    .addColumn('label_id', ID, (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', ID, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('label_links_pk', ['label_id', 'item_type', 'item_id'])
    .execute();
  await createIndex(db, 'label_links_item_idx', 'label_links', ['item_type', 'item_id']);

  await s
    .createTable('advertisements')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('image_media_id', ID, (c) => c.references('media.id').onDelete('set null'))
    .addColumn('link', 'varchar(2048)')
    .addColumn('display_time_ms', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'advertisements_project_idx', 'advertisements', ['project_id']);

  await s
    .createTable('advertisement_links')
    .addColumn('advertisement_id', ID, (c) =>
      c.notNull().references('advertisements.id').onDelete('cascade'),
    )
    .addColumn('qr_code_id', ID, (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('advertisement_links_pk', ['advertisement_id', 'qr_code_id'])
    .execute();
  await createIndex(db, 'advertisement_links_qr_idx', 'advertisement_links', ['qr_code_id']);

  await s
    .createTable('themes')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('logo_media_id', ID, (c) => c.references('media.id').onDelete('set null'))
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'themes_project_idx', 'themes', ['project_id']);

  await s
    .createTable('white_label_hostnames')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('hostname', TEXT, (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  // Scans are append-only and written in batches; no foreign keys so a batch never fails on a
  // concurrently deleted item (history outlives the item).
  await s
    .createTable('scans')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('customer_id', ID, (c) => c.notNull())
    .addColumn('project_id', ID, (c) => c.notNull())
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', ID, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('scan'))
    .addColumn('scanned_at', TIME, (c) => c.notNull())
    .addColumn('device', 'varchar(32)')
    .addColumn('os', 'varchar(64)')
    .addColumn('browser', 'varchar(64)')
    .addColumn('country', 'varchar(2)')
    .addColumn('referrer', TEXT)
    .addColumn('is_unique', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_bot', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createIndex(db, 'scans_item_idx', 'scans', ['item_id', 'scanned_at']);
  await createIndex(db, 'scans_project_idx', 'scans', ['project_id', 'scanned_at']);

  await s
    .createTable('audit_logs')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('parent_id', ID)
    .addColumn('client', 'varchar(16)', (c) => c.notNull())
    .addColumn('customer_id', ID)
    .addColumn('project_id', ID)
    .addColumn('user_id', ID)
    .addColumn('item_id', ID)
    .addColumn('name', TEXT)
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('environment', 'varchar(32)')
    .addColumn('device', TEXT)
    .addColumn('changes', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'audit_logs_customer_idx', 'audit_logs', ['customer_id', 'created_at']);
  await createIndex(db, 'audit_logs_item_idx', 'audit_logs', ['item_id']);
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be undone; restore a backup instead');
}
