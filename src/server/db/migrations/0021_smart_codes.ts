// Smart codes (issue 16): an Action's rules, A/B split, protection and fallback (JSON, shaped by
// src/shared/schemas/rules.ts), its password hash apart from the JSON (so no answer or audit row
// that shows the protection can carry it), and the health checker's verdict on its destination.
// A scan row names the rule and split variant that served it, for per-variant statistics.
import type { Kysely } from 'kysely';
import { addColumn, dropColumns } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumn(db, 'actions', 'rules', 'text', (col) => col.notNull().defaultTo('[]'));
  await addColumn(db, 'actions', 'split', 'text');
  await addColumn(db, 'actions', 'protection', 'text', (col) => col.notNull().defaultTo('{}'));
  await addColumn(db, 'actions', 'fallback', 'text');
  await addColumn(db, 'actions', 'password_hash', 'text');
  // Set (to when it was found failing) by the destination health checker, null when healthy:
  // while set, scans go to the fallback (when there is one).
  await addColumn(db, 'actions', 'destination_unhealthy_at', 'text');
  await addColumn(db, 'scans', 'rule', 'text');
  await addColumn(db, 'scans', 'variant', 'text');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropColumns(db, 'scans', ['rule', 'variant']);
  await dropColumns(db, 'actions', [
    'rules',
    'split',
    'protection',
    'fallback',
    'password_hash',
    'destination_unhealthy_at',
  ]);
}
