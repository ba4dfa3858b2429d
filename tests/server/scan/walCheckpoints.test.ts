// The WAL is checkpointed by a thread of its own, not inside a scan batch's commit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, sqliteHandleOf, type Db } from '../../../src/server/db/database.js';
import { startWalCheckpoints } from '../../../src/server/scan/walCheckpoints.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fileDb(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-wal-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  return { db: createDatabase({ sqliteFile: file }), file };
}

const autoCheckpoint = (db: Db) =>
  sqliteHandleOf(db)!.pragma('wal_autocheckpoint', { simple: true }) as number;

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(process.env.TEST_DATABASE_URL)('WAL checkpoints', () => {
  it("copies the WAL into the database on the thread, and hands back to the connection's own when stopped", async () => {
    const { db, file } = fileDb();
    const handle = sqliteHandleOf(db)!;
    handle.exec('create table t (x text)');
    const checkpoints = startWalCheckpoints(db, { intervalMs: 20 })!;
    expect(autoCheckpoint(db)).toBe(0);
    const sizeBefore = fs.statSync(file).size;
    const insert = handle.prepare('insert into t values (?)');
    // Well past the 1,000 pages after which the connection would have checkpointed itself.
    handle.transaction(() => {
      for (let i = 0; i < 50_000; i++) insert.run('x'.repeat(100));
    })();
    // Only a checkpoint grows the database file: the rows reach it from the thread.
    await until(() => fs.statSync(file).size > sizeBefore + 1_000_000);
    await checkpoints.stop();
    expect(autoCheckpoint(db)).toBe(1000);
    await db.destroy();
  });

  it('starts a long WAL over when the writer pauses as the thread asks', async () => {
    const { db, file } = fileDb();
    const handle = sqliteHandleOf(db)!;
    // An index on random keys: every transaction rewrites pages all over, as the rollups do.
    handle.exec('create table t (x text, y integer); create index t_y on t (y)');
    const restartBytes = 256 * 1024;
    const checkpoints = startWalCheckpoints(db, { intervalMs: 10, restartBytes })!;
    const insert = handle.prepare('insert into t values (?, ?)');
    const write = handle.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(100), Math.floor(Math.random() * 1e9));
    });
    let pauses = 0;
    let longest = 0;
    // Back to back, as a scan load commits: a checkpoint never finds the writer done.
    for (let transaction = 0; transaction < 300; transaction++) {
      if (checkpoints.wantsPause) {
        pauses++;
        await checkpoints.checkpointPaused();
      }
      write();
      longest = Math.max(longest, fs.statSync(`${file}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await checkpoints.stop();
    expect(pauses).toBeGreaterThan(0);
    // Unpaused, the WAL held every row written, many times the database's size.
    expect(longest).toBeLessThan(fs.statSync(file).size);
    await db.destroy();
  });

  it('leaves in-memory databases alone', async () => {
    const db = createDatabase({ sqliteFile: ':memory:' });
    expect(startWalCheckpoints(db)).toBeNull();
    expect(autoCheckpoint(db)).toBe(1000);
    await db.destroy();
  });
});
