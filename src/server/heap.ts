// How the serving process's V8 heap grows (issue 11's memory goal: under 300 MB while redirects,
// recording and statistics run together). Under a steady redirect load a little of every request
// survives two young-generation collections (sockets' buffers, scans waiting for their batch) and
// dies in the old generation; V8 by default lets the old generation reach up to four times its
// live size before it collects it again, so 45 MB of live objects became 160 MB of heap. Growing it
// by half its live size instead costs a full collection every few seconds under that load (a few
// milliseconds) and keeps the heap near 90 MB. Measured in `npm run bench`.
import v8 from 'node:v8';

/**
 * The Node flags a serving process starts with: package.json's `start`, the Dockerfile's CMD and
 * docs/deploy.md's systemd unit carry them (tests/server/ops/deploy.test.ts checks all three),
 * and the benchmark starts its servers with them. V8 reads them only as it starts (setting them
 * later from here aborts the process).
 *
 * --single-threaded-gc: V8 otherwise marks and scavenges on helper threads beside the event loop.
 * On a small host those threads take the event loop's core from it in the middle of requests. At
 * the benchmark's redirect load on 2 cores, with the server on one core, the flag took the scan
 * endpoint's p99 from 12–16 ms to 7–8 ms and its CPU per redirect from 27 to 23–24 µs; with
 * the server free to use both cores (wrk on one of them), from 31 to 30 µs and a lower p99. The
 * bare node:http server measured the same either way.
 */
export const SERVING_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];

export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets the heap's growing factor for this process. V8 reads the flag each time it sets the next
 * collection's limit, so setting it at start works like passing it on the command line; call it
 * before serving (server.ts, the benchmark's server).
 */
export function tuneHeapForServing(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
