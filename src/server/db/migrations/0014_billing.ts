// Billing (issue 10): plans can be archived, subscriptions know their provider and period, invoices
// (one per payment) and a cache of VAT number checks.
import type { Kysely } from 'kysely';
import { addColumn, dropColumns, createIndex } from './helpers.js';

const ID = 'varchar(26)';
const TIME = 'varchar(32)';
const TEXT = 'varchar(255)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await addColumn(db, 'plans', 'archived_at', TIME);

  await addColumn(db, 'subscriptions', 'provider', 'varchar(16)', (c) =>
    c.notNull().defaultTo('manual'),
  );
  await addColumn(db, 'subscriptions', 'provider_ref', TEXT);
  await addColumn(db, 'subscriptions', 'current_period_start', TIME);
  await addColumn(db, 'subscriptions', 'current_period_end', TIME);
  await addColumn(db, 'subscriptions', 'cancel_at_period_end', 'integer', (c) =>
    c.notNull().defaultTo(0),
  );
  await addColumn(db, 'subscriptions', 'updated_at', TIME);

  await addColumn(db, 'customers', 'company_name', TEXT);
  await addColumn(db, 'customers', 'stripe_customer_id', TEXT);
  // The scan limit level customer admins were last mailed about, so each level mails once.
  await addColumn(db, 'customers', 'scan_notice_level', 'varchar(8)');

  await s
    .createTable('invoices')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('customer_id', ID, (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('subscription_id', ID, (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', TEXT)
    .addColumn('plan_name', TEXT, (c) => c.notNull())
    .addColumn('billing_period', 'varchar(8)', (c) => c.notNull())
    .addColumn('period_start', TIME, (c) => c.notNull())
    .addColumn('period_end', TIME, (c) => c.notNull())
    .addColumn('customer_name', TEXT, (c) => c.notNull())
    .addColumn('company_name', TEXT)
    .addColumn('vat_number', 'varchar(32)')
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_rate_percent', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', TIME, (c) => c.notNull())
    .addColumn('paid_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await createIndex(db, 'invoices_customer_idx', 'invoices', ['customer_id']);

  await s
    .createTable('vat_checks')
    .addColumn('vat_number', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('name', TEXT)
    .addColumn('checked_at', TIME, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vat_checks').execute();
  await db.schema.dropTable('invoices').execute();
  await dropColumns(db, 'customers', ['company_name', 'stripe_customer_id', 'scan_notice_level']);
  await dropColumns(db, 'subscriptions', [
    'provider',
    'provider_ref',
    'current_period_start',
    'current_period_end',
    'cancel_at_period_end',
    'updated_at',
  ]);
  await dropColumns(db, 'plans', ['archived_at']);
}
