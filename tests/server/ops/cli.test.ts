// The operator's commands, run as an operator runs them (`node scripts/run.mjs …`, which is what
// `npm start`, `npm run backup` and `npm run restore` call): bad configuration, backup and restore
// of a live embedded database, and the compiled server running without TypeScript.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { seedDemoData } from '../../../src/server/db/seed.js';

const root = path.resolve(import.meta.dirname, '../../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function run(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const count = (file: string, table: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('bad configuration', () => {
  it('prints one sentence per bad variable and exits with code 1, without a stack trace', () => {
    const result = run(['scripts/run.mjs', 'start'], { PORT: 'abc', DATABASE_URL: 'mysql://x/y' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Configuration: PORT must be a whole number from 1 to 65535 (it is "abc").',
    );
    expect(result.stderr).toContain('Configuration: DATABASE_URL must be a PostgreSQL URL');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});

describe.skipIf(onPostgres)('backup and restore of the embedded database', () => {
  it('backs up a live database (rows still in the WAL included) and restores it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-backup-'));
    const live = path.join(dataDir, 'qrhub.sqlite');
    const db = createDatabase({ sqliteFile: live });
    await migrateToLatest(db);
    await seedDemoData(db);
    const users = count(live, 'users');
    expect(fs.existsSync(`${live}-wal`)).toBe(true);

    // The server keeps its connection open while the backup runs.
    const backupFile = path.join(dataDir, 'copy.sqlite');
    const backup = run(['scripts/run.mjs', 'backup', '--out', backupFile], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${live} to ${backupFile}`);
    expect(count(backupFile, 'users')).toBe(users);
    expect(count(backupFile, 'qr_codes')).toBeGreaterThan(0);

    // Later changes, then the restore brings back the backed-up state.
    await db.updateTable('qrCodes').set({ name: 'after the backup' }).execute();
    await db.destroy();
    expect(count(live, "qr_codes where name = 'after the backup'")).toBe(count(live, 'qr_codes'));
    const restore = run(['scripts/run.mjs', 'restore', backupFile], { DATA_DIR: dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(count(live, "qr_codes where name = 'after the backup'")).toBe(0);
    expect(count(live, 'qr_codes')).toBe(count(backupFile, 'qr_codes'));
    expect(count(live, 'users')).toBe(users);
    const kept = fs.readdirSync(dataDir).filter((name) => name.includes('before-restore'));
    expect(kept).toHaveLength(1);
    expect(count(path.join(dataDir, kept[0]), "qr_codes where name = 'after the backup'")).toBe(
      count(backupFile, 'qr_codes'),
    );
  });

  it('refuses to restore a file that is not a database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-restore-'));
    const junk = path.join(dataDir, 'junk.sqlite');
    fs.writeFileSync(junk, 'not a database at all, just text that is long enough to look like one');
    const result = run(['scripts/run.mjs', 'restore', junk], { DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'qrhub.sqlite'))).toBe(false);
  });
});

describe.runIf(onPostgres)('backup on PostgreSQL', () => {
  it('prints the pg_dump and pg_restore commands', () => {
    const result = run(['scripts/run.mjs', 'backup', '--out', 'x.dump'], {
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('pg_dump --format=custom --file=x.dump "$DATABASE_URL"');
    expect(result.stdout).toContain('pg_restore --clean --if-exists');
  });
});

describe.skipIf(onPostgres)('the compiled server', () => {
  it('builds to plain JavaScript and serves without tsx', async () => {
    const build = run(['scripts/build-server.mjs'], {});
    expect(build.status).toBe(0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-built-'));
    const port = 30000 + Math.floor(Math.random() * 20000);
    // No --import tsx: only JavaScript can run here.
    const child = spawn(process.execPath, ['dist/server/cli/start.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DASHBOARD_DIR: '',
        SKIP_DASHBOARD_BUILD: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      for (let i = 0; i < 100 && !ready; i++) {
        ready = await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready).toBe(true);
      // The scan texts come from locales/, bundled into the build.
      const page = await fetch(`${base}/s/no-such-code`, { headers: { 'accept-language': 'nl' } });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Niet gevonden');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
