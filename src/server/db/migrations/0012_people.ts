// Organisations that run themselves (issue 9): an invitation remembers the projects it links and
// the language its mail (and the new account) uses; an account can be deactivated without losing
// its projects or history.
import type { Kysely } from 'kysely';
import { addColumn, dropColumns } from './helpers.js';

const ID = 'varchar(26)';
const TIME = 'varchar(32)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await addColumn(db, 'invitations', 'language', 'varchar(8)', (c) => c.notNull().defaultTo('nl'));
  await s
    .createTable('invitation_projects')
    .addColumn('invitation_id', ID, (c) =>
      c.notNull().references('invitations.id').onDelete('cascade'),
    )
    .addColumn('project_id', ID, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('invitation_projects_pk', ['invitation_id', 'project_id'])
    .execute();
  await addColumn(db, 'users', 'deactivated_at', TIME);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await dropColumns(db, 'users', ['deactivated_at']);
  await s.dropTable('invitation_projects').execute();
  await dropColumns(db, 'invitations', ['language']);
}
