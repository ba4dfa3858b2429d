// How the serving process's V8 heap grows (issue 11's memory goal: under 300 MB while redirects,
// recording and statistics run together). Under a steady redirect load a little of every request
// survives two young-generation collections (sockets' buffers, scans waiting for their batch) and
// dies in the old generation; V8 by default lets the old generation reach up to four times its
// live size before it collects it again, so 45 MB of live objects became 160 MB of heap. Growing it
// by half its live size instead costs a full collection every few seconds under that load (a few
// milliseconds, mostly concurrent) and keeps the heap near 90 MB. Measured in `npm run bench`.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/**
 * V8 flags the serving process starts with: package.json's `start`, the image's CMD, the systemd
 * unit in docs/deploy.md and the benchmark's server pass them on the command line, because V8
 * reads them only when it creates the heap (set at run time they change nothing).
 *
 * --max-semi-space-size=16: the young generation's two halves, 16 MB each. It is what V8 picks on
 * this Node by itself (new space 33.5 MB with or without the flag), stated here so that the memory
 * goal does not move with a Node upgrade, and because 32 was tried: traced then (bench:pg, 100 k
 * seed, --trace-gc), 16 MB halves gave 590 young collections at a 17.5 ms median pause, because
 * what a scan held until its batch was written outlived them. Traced again on today's code (the
 * scan writer, among others, has changed since: it goes 100 rows per event-loop turn), those pauses
 * are gone and 32 MB halves only kept more resident: 247 MB peak with 16 against 303 MB with 32
 * (goal < 300), 2,467 young collections at a 0.70 ms median pause against 1,280 at 1.02 ms, server
 * CPU 0.61 of the bare server's against 0.58, p99 9.25 against 11.84 ms. `npm run bench` (SQLite):
 * 232 against 259 MB at the same req/s and p99 (40,148 against 40,823; 5.93 against 5.82 ms).
 *
 * Not --single-threaded-gc: on one core V8's GC helper threads take the redirect thread's core in
 * the scheduler's slices, and without them bench:pg at 100 k scans gave p99 4.6-7.4 ms against
 * 9.4-11.6; but from 2 M scans on, the main thread spent 35 % of its samples collecting (server
 * CPU 30 µs per redirect against 15 with the helpers).
 */
export const SERVING_NODE_FLAGS = ['--max-semi-space-size=16'] as const;

/**
 * Sets the heap's growing factor for this process. V8 reads the flag each time it sets the next
 * collection's limit, so setting it at start works like passing it on the command line; call it
 * before serving (server.ts, the benchmark's server).
 */
export function tuneHeapForServing(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
