// Smart codes (issue 16): an Action's rules, A/B split, protection and fallback (JSON, shaped by
// src/shared/schemas/rules.ts), its password hash apart from the JSON (so no answer or audit row
// that shows the protection can carry it), and the health checker's verdict on its destination.
// A scan row names the rule and split variant that served it, for per-variant statistics.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('actions')
    .addColumn('rules', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('actions').addColumn('split', 'text').execute();
  await db.schema
    .alterTable('actions')
    .addColumn('protection', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('actions').addColumn('fallback', 'text').execute();
  await db.schema.alterTable('actions').addColumn('password_hash', 'text').execute();
  // Set (to when it was found failing) by the destination health checker, null when healthy:
  // while set, scans go to the fallback (when there is one).
  await db.schema.alterTable('actions').addColumn('destination_unhealthy_at', 'text').execute();
  await db.schema.alterTable('scans').addColumn('rule', 'text').execute();
  await db.schema.alterTable('scans').addColumn('variant', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['rule', 'variant']) {
    await db.schema.alterTable('scans').dropColumn(column).execute();
  }
  for (const column of [
    'rules',
    'split',
    'protection',
    'fallback',
    'password_hash',
    'destination_unhealthy_at',
  ]) {
    await db.schema.alterTable('actions').dropColumn(column).execute();
  }
}
