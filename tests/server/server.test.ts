// The serving entry point (server.ts): what it does to the process before the first request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { startServer } from '../../src/server/server.js';
import { countTicksByArguments } from '../helpers/ticks.js';

describe('startServer', () => {
  it('warms the tick queue before it listens', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-serve-'));
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const ticks = countTicksByArguments();
    const server = await startServer(
      loadConfig({ PORT: '0', DATA_DIR: dataDir, DASHBOARD_DIR: '', LOG_LEVEL: 'warn' }),
      db,
    ).finally(ticks.stop);
    try {
      // Only the warming queues ticks with three arguments by the hundred thousand.
      expect(ticks.counts[3]).toBeGreaterThanOrEqual(200_000);
      expect(server.app.server.listening).toBe(true);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
