// A project's named UTM presets (issue 16): a JSON list kept with the project, read and replaced
// whole by GET/PUT /projects/{pid}/utm-presets.
import type { Kysely } from 'kysely';
import { addColumn, dropColumns } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumn(db, 'projects', 'utm_presets', 'text', (c) => c.notNull().defaultTo('[]'));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropColumns(db, 'projects', ['utm_presets']);
}
