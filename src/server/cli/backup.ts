// `npm run backup [-- --out FILE]`: a consistent copy of the database while the server runs.
// SQLite: the online backup API (a plain copy of qrhub.sqlite misses what still sits in the WAL).
// PostgreSQL: prints the pg_dump command, which is the right tool there.
import path from 'node:path';
import { ConfigError, loadCheckedConfig } from '../config.js';
import { databaseKind } from '../db/database.js';
import { backupSqlite } from '../db/backup.js';
import { sqliteFileOf } from '../db/files.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

async function main(): Promise<void> {
  const config = loadCheckedConfig();
  if (databaseKind(config) === 'postgres') {
    const file = argValue('--out') ?? `qrhub-${timestamp()}.dump`;
    say('This server runs on PostgreSQL: back it up with pg_dump, for example');
    say(`  pg_dump --format=custom --file=${file} "$DATABASE_URL"`);
    say('and restore it (into an empty database, with the server stopped) with');
    say(`  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`);
    return;
  }
  const source = sqliteFileOf(config);
  const target = path.resolve(
    argValue('--out') ?? path.join(config.dataDir, 'backups', `qrhub-${timestamp()}.sqlite`),
  );
  const bytes = await backupSqlite(source, target);
  say(`Backed up ${source} to ${target} (${bytes} bytes).`);
  say(`Restore it with the server stopped: npm run restore -- ${target}`);
}

main().catch((error: unknown) => {
  const problems =
    error instanceof ConfigError ? error.problems : [String((error as Error).message ?? error)];
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exit(1);
});
