// The server side of the benchmark, run in a child process so the load generator (the parent)
// does not share its event loop: `bare` is a plain node:http 302, `scan` the whole product as
// server.ts runs it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { createDatabase } from '../src/server/db/database.js';
import { loadConfig } from '../src/server/config.js';
import { COMMON_HEADERS } from '../src/server/scan/plugin.js';

export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'cpu'; micros: number }
  | { type: 'finished'; scans: number; usedScans: number };

export type ParentMessage = { type: 'cpu' } | { type: 'finish' };

const [mode, sqliteFile] = process.argv.slice(2);
const send = (message: ChildMessage) => process.send?.(message);

/** CPU time this process used (user + system): a figure other load on the machine cannot skew. */
const cpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
process.on('message', (message: ParentMessage) => {
  if (message.type === 'cpu') send({ type: 'cpu', micros: cpuMicros() });
});
// The parent going away (Ctrl-C, a crash) takes this server with it.
process.on('disconnect', () => process.exit(0));

if (mode === 'bare') {
  const server = http.createServer((_request, response) => {
    // The same 302 ours sends, headers included, so the ratio measures the server, not the bytes.
    response.writeHead(302, { ...COMMON_HEADERS, location: 'https://example.com/landing' });
    response.end();
  });
  server.listen(0, '127.0.0.1', () => {
    send({ type: 'ready', port: (server.address() as AddressInfo).port });
  });
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'finish') return;
    server.close();
    send({ type: 'finished', scans: 0, usedScans: 0 });
    process.exit(0);
  });
} else {
  const db = createDatabase({ sqliteFile });
  // The product as it is deployed: the whole app (API, dashboard plugins, scan service) with the
  // production logger of server.ts, not the scan plugin alone on a bare Fastify.
  const config = loadConfig({ DATA_DIR: path.dirname(sqliteFile), DASHBOARD_DIR: '' });
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
  process.on('message', async (message: ParentMessage) => {
    if (message.type !== 'finish') return;
    // Closing flushes the recorder (its onClose hook), exactly as a SIGTERM shutdown would.
    await app.close();
    const scans = await db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const project = await db.selectFrom('projects').select('usedScans').executeTakeFirstOrThrow();
    send({ type: 'finished', scans: Number(scans.n), usedScans: Number(project.usedScans) });
    await db.destroy();
    process.exit(0);
  });
}
