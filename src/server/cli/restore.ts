// `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the embedded
// SQLite database. Run it with the server stopped; the current database is kept beside it.
import { ConfigError, loadCheckedConfig } from '../config.js';
import { databaseKind } from '../db/database.js';
import { restoreSqlite } from '../db/backup.js';
import { sqliteFileOf } from '../db/files.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

function main(): void {
  const config = loadCheckedConfig();
  const backup = process.argv[2];
  if (!backup) throw new Error('Name the backup file: npm run restore -- FILE');
  if (databaseKind(config) === 'postgres')
    throw new Error(
      'This server runs on PostgreSQL: restore with pg_restore (npm run backup prints the command).',
    );
  const target = sqliteFileOf(config);
  const keptAs = restoreSqlite(backup, target);
  say(`Restored ${backup} to ${target}.`);
  if (keptAs) say(`The database it replaced is kept as ${keptAs}.`);
}

try {
  main();
} catch (error) {
  const problems =
    error instanceof ConfigError ? error.problems : [String((error as Error).message ?? error)];
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exit(1);
}
