// `npm start`: migrate, seed a fresh database (the demo when asked for), build the dashboard if missing, serve.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadCheckedConfig } from '../config.js';
import { createDatabase, databaseKind } from '../db/database.js';
import { ensureWritableDataDir, sqliteFileOf } from '../db/files.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  insertDefaultPlans,
  isFreshDatabase,
  seedDemoData,
  wantsDemo,
} from '../db/seed.js';
import { firstAdminNeeded } from '../services/signup.js';
import { hasDashboardBuild } from '../api/plugins/dashboard.js';
import { startServer } from '../server.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

function ensureDashboardBuild(dashboardDir: string): boolean {
  if (hasDashboardBuild(dashboardDir) || process.env.SKIP_DASHBOARD_BUILD === '1') {
    return hasDashboardBuild(dashboardDir);
  }
  say('Building the dashboard (first start)…');
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', dashboardDir], {
    stdio: 'inherit',
  });
  if (result.status !== 0) say('The dashboard build failed; serving the API only.');
  return hasDashboardBuild(dashboardDir);
}

async function main(): Promise<void> {
  const config = loadCheckedConfig();
  ensureWritableDataDir(config);
  const isEmbedded = databaseKind(config) === 'sqlite';
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileOf(config),
  });
  const applied = await migrateToLatest(db);
  if (applied.length) say(`Migrations applied: ${applied.join(', ')}`);
  // Demo accounts with a known password only when the operator asks for the demo (seed.ts,
  // wantsDemo); otherwise the first visitor creates the administrator at /setup, or the
  // operator runs `npm run admin -- create`.
  const isDemo = wantsDemo(process.env, isEmbedded);
  if (await isFreshDatabase(db)) {
    if (isDemo) {
      await seedDemoData(db);
      say('Demo data seeded.');
    } else {
      await insertDefaultPlans(db);
    }
  }
  const hasDashboard = ensureDashboardBuild(config.dashboardDir);
  const { url } = await startServer(config, db);

  say('');
  say(`QR Hub is running at ${url}`);
  if (!hasDashboard)
    say(`  (no dashboard build in ${config.dashboardDir}: API only, under ${url}/api)`);
  say(`  API: ${url}/api   scans: ${config.scanBaseUrl}/{code}`);
  if (await firstAdminNeeded(db)) {
    say(`  No users yet: open ${config.publicUrl}/setup to create the first administrator,`);
    say('  or run: npm run admin -- create --email you@example.com --name "Your Name"');
  } else if (isDemo) {
    say(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) say(`    ${account.email.padEnd(28)} ${account.note}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) process.stderr.write(`Configuration: ${problem}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
