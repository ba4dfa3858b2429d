// A project's named UTM presets (issue 16): a JSON list kept with the project, read and replaced
// whole by GET/PUT /projects/{pid}/utm-presets.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('utm_presets', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('utm_presets').execute();
}
