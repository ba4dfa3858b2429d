// Organisations that run themselves (issue 9): an invitation remembers the projects it links and
// the language its mail (and the new account) uses; an account can be deactivated without losing
// its projects or history.
import type { Kysely } from 'kysely';

const ID = 'varchar(26)';
const TIME = 'varchar(32)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('invitations')
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('nl'))
    .execute();
  await s
    .createTable('invitation_projects')
    .addColumn('invitation_id', ID, (c) =>
      c.notNull().references('invitations.id').onDelete('cascade'),
    )
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('invitation_projects_pk', ['invitation_id', 'project_id'])
    .execute();
  await s.alterTable('users').addColumn('deactivated_at', TIME).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('users').dropColumn('deactivated_at').execute();
  await s.dropTable('invitation_projects').execute();
  await s.alterTable('invitations').dropColumn('language').execute();
}
