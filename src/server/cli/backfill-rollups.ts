// `npm run backfill-rollups`: folds raw scans written before the statistics rollups existed
// (migration 0015) into them. Idempotent: a second run finds nothing left to do.
import { ConfigError, loadCheckedConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { sqliteFileOf } from '../db/files.js';
import { migrateToLatest } from '../db/migrate.js';
import { backfillRollups } from '../services/scanMaintenance.js';

async function main(): Promise<void> {
  const config = loadCheckedConfig();
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileOf(config) });
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const folded = await backfillRollups(db);
    process.stdout.write(
      `Folded ${folded} raw scans into the statistics rollups in ${Date.now() - started} ms.\n`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
