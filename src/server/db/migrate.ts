// Runs the Kysely migrations, listed explicitly so they bundle and run the same everywhere.
import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/0001_initial.js';
import * as platformSettings from './migrations/0009_platform_settings.js';
import * as loginBackoff from './migrations/0010_login_backoff.js';
import * as whiteLabel from './migrations/0011_white_label.js';
import * as scanRollups from './migrations/0015_scan_rollups.js';
import * as people from './migrations/0012_people.js';
import * as twoFactorSignup from './migrations/0013_two_factor_signup.js';
import * as billing from './migrations/0014_billing.js';
import * as apiKeysWebhooksImports from './migrations/0016_api_keys_webhooks_imports.js';
import * as listIndexes from './migrations/0020_list_indexes.js';
import * as smartCodes from './migrations/0021_smart_codes.js';
import * as utmPresets from './migrations/0022_utm_presets.js';
import * as destinationHealth from './migrations/0023_destination_health.js';
import * as scanPartitions from './migrations/0026_scan_partitions.js';
import * as monthRollups from './migrations/0029_month_rollups.js';
import * as itemLists from './migrations/0030_item_lists.js';
import * as retentionByProject from './migrations/0031_retention_by_project.js';
import * as oneRawScanIndex from './migrations/0032_one_raw_scan_index.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0009_platform_settings': platformSettings,
  '0010_login_backoff': loginBackoff,
  '0011_white_label': whiteLabel,
  '0015_scan_rollups': scanRollups,
  '0012_people': people,
  '0013_two_factor_signup': twoFactorSignup,
  '0014_billing': billing,
  '0016_api_keys_webhooks_imports': apiKeysWebhooksImports,
  '0020_list_indexes': listIndexes,
  '0021_smart_codes': smartCodes,
  '0022_utm_presets': utmPresets,
  '0023_destination_health': destinationHealth,
  '0026_scan_partitions': scanPartitions,
  '0029_month_rollups': monthRollups,
  '0030_item_lists': itemLists,
  '0031_retention_by_project': retentionByProject,
  '0032_one_raw_scan_index': oneRawScanIndex,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The migrator of our migrations on this database (tests step down and up with it). */
export async function migratorOf(db: Db): Promise<Migrator> {
  // On PostgreSQL the Migrator looks for its own tables in every schema; pinning it to the
  // connection's schema keeps databases that share a server (one schema each) apart.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, provider, migrationTableSchema });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await (await migratorOf(db)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
