// The server side of the benchmark, run in a child process so the load generator does not share
// its event loop: `bare` is a plain node:http 302, `scan` the whole product as server.ts runs it
// (on the seeded SQLite file or PostgreSQL schema), which can also answer 365-day statistics
// queries back to back while the load runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { createDatabase } from '../src/server/db/database.js';
import { loadConfig } from '../src/server/config.js';
import { COMMON_HEADERS } from '../src/server/scan/plugin.js';
import { yearOfProject } from './stats.js';
import { id } from './seed.js';

export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'cpu'; micros: number }
  | { type: 'queries'; answered: number }
  | { type: 'finished'; scans: number; usedScans: number; peakRss: number };

export type ParentMessage = { type: 'cpu' } | { type: 'finish' } | { type: 'queries'; on: boolean };

const [mode, target] = process.argv.slice(2);
const send = (message: ChildMessage) => process.send?.(message);

const cpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
let peakRss = 0;
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100).unref();
process.on('message', (message: ParentMessage) => {
  if (message.type === 'cpu') send({ type: 'cpu', micros: cpuMicros() });
});
process.on('disconnect', () => process.exit(0));

if (mode === 'bare') {
  const server = http.createServer((_request, response) => {
    response.writeHead(302, { ...COMMON_HEADERS, location: 'https://example.com/landing' });
    response.end();
  });
  server.listen(0, '127.0.0.1', () => {
    send({ type: 'ready', port: (server.address() as AddressInfo).port });
  });
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'finish') return;
    server.close();
    send({ type: 'finished', scans: 0, usedScans: 0, peakRss });
    process.exit(0);
  });
} else {
  const isPg = target.startsWith('postgres');
  const db = createDatabase(isPg ? { databaseUrl: target } : { sqliteFile: target });
  const config = loadConfig({
    DATA_DIR: isPg ? os.tmpdir() : path.dirname(target),
    DASHBOARD_DIR: '',
  });
  const countNow = async () => {
    const scans = await db
      .selectFrom('scans')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const project = await db
      .selectFrom('projects')
      .select('usedScans')
      .where('id', '=', id('P', 1))
      .executeTakeFirstOrThrow();
    return { maxId: Number(scans.max ?? 0), used: Number(project.usedScans) };
  };
  const before = await countNow();
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
  let querying = false;
  let answered = 0;
  process.on('message', async (message: ParentMessage) => {
    if (message.type === 'queries') {
      if (message.on && !querying) {
        querying = true;
        answered = 0;
        send({ type: 'queries', answered });
        while (querying) {
          // As the statistics route asks it: through the app's readers.
          await app.reads.run('statistics', ...yearOfProject({ busyProjectId: id('P', 1) }));
          answered++;
          // Let the redirects in between answers, as separate viewers' requests would.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } else {
        querying = false;
        send({ type: 'queries', answered });
      }
      return;
    }
    if (message.type !== 'finish') return;
    await app.close();
    const after = await countNow();
    const scans = await db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>', before.maxId)
      .executeTakeFirstOrThrow();
    void after.maxId;
    send({
      type: 'finished',
      scans: Number(scans.n),
      usedScans: after.used - before.used,
      peakRss,
    });
    await db.destroy();
    process.exit(0);
  });
}
