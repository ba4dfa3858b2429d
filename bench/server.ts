// The server side of the benchmark, run in a child process so the load generator does not share
// its event loop: `bare` is a plain node:http 302, `scan` the whole product as server.ts runs it
// (on the seeded SQLite file or PostgreSQL schema), which can also answer 365-day statistics
// queries back to back while the load runs. run.ts compiles this file as the production build
// compiles the server (no TypeScript compiler in the measured process) and forks the result.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMMON_HEADERS } from '../src/server/scan/headers.js';

export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'cpu'; micros: number; waitedMicros: number; redirects: number }
  | { type: 'queries'; answered: number }
  | { type: 'finished'; redirects: number; peakRss: number; atPeak: MemoryParts };

/** Where the memory was when the resident set peaked (MB): what to shrink when the goal is missed. */
export type MemoryParts = Record<'rss' | 'heapTotal' | 'heapUsed' | 'external', number> & {
  /** Scans the recorder held, not yet written (scan mode). */
  scansWaiting: number;
};

export type ParentMessage = { type: 'cpu' } | { type: 'finish' } | { type: 'queries'; on: boolean };

const [mode, target] = process.argv.slice(2);
const send = (message: ChildMessage) => process.send?.(message);

const cpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/**
 * How long the main thread, which answers the redirects, waited for a core while it could run
 * (Linux's schedstat, in µs; 0 elsewhere): the time other threads on its core took from it, the
 * statistics readers among them.
 */
const waitedMicros = () => {
  try {
    return Number(fs.readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]) / 1000;
  } catch {
    return 0;
  }
};

// Every 302 this process wrote, counted where node:http writes the status line: run.ts compares
// it with the scans recorded (exactly equal, or scans were lost) and with what wrk counted (wrk
// misses the requests in flight at its deadline, so the server's count is the exact one).
let redirects = 0;
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function (
  this: http.ServerResponse,
  ...args: Parameters<typeof writeHead>
) {
  if (args[0] === 302) redirects++;
  return writeHead.apply(this, args);
} as typeof writeHead;

// run.ts reads the kernel's peak (VmHWM) where there is one; this is the fallback elsewhere.
// memoryUsage.rss() is one system call, unlike memoryUsage(), which walks the V8 heap.
// memoryUsage() also walks the main thread's heap, so its breakdown is taken only when the cheap
// reading makes a new peak; reader threads count in rss, not in the heap figures.
let peakRss = 0;
let atPeak: MemoryParts = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, scansWaiting: 0 };
let scansWaiting = () => 0;
const mb = (bytes: number) => Math.round(bytes / 1e6);
setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss <= peakRss) return;
  peakRss = rss;
  const usage = process.memoryUsage();
  atPeak = {
    rss: mb(rss),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    scansWaiting: scansWaiting(),
  };
}, 100).unref();
process.on('message', (message: ParentMessage) => {
  if (message.type === 'cpu')
    send({ type: 'cpu', micros: cpuMicros(), waitedMicros: waitedMicros(), redirects });
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
    send({ type: 'finished', redirects, peakRss, atPeak });
    process.exit(0);
  });
} else {
  // Loaded here only: the bare server stays a bare node:http process.
  const [
    { buildApp },
    { createDatabase },
    { loadConfig },
    { tuneHeapForServing },
    { warmTickQueue },
    { yearOfProject },
    { id },
    os,
    path,
  ] = await Promise.all([
    import('../src/server/app.js'),
    import('../src/server/db/database.js'),
    import('../src/server/config.js'),
    import('../src/server/heap.js'),
    import('../src/server/v8Shapes.js'),
    import('./stats.js'),
    import('./seed.js'),
    import('node:os'),
    import('node:path'),
  ]);
  // As server.ts serves.
  tuneHeapForServing();
  await warmTickQueue();
  const isPg = target.startsWith('postgres');
  const db = createDatabase(isPg ? { databaseUrl: target } : { sqliteFile: target });
  const config = loadConfig({
    DATA_DIR: isPg ? os.tmpdir() : path.dirname(target),
    DASHBOARD_DIR: '',
  });
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  scansWaiting = () => app.scanRecorder.pending;
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
    // Closing flushes the recorder: every scan is in the database when the parent counts.
    await app.close();
    await db.destroy();
    send({ type: 'finished', redirects, peakRss, atPeak });
    process.exit(0);
  });
}
