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
 * --max-semi-space-size=32: the young generation's two halves, 32 MB each instead of 16. Under a
 * redirect load a young collection came every ~150 ms, sooner than what a scan keeps until its
 * batch is written (up to 250 ms: the row, the COPY text, the driver's buffers) dies. So that
 * survived, was copied and promoted, and full collections cleared it again. Traced in bench:pg
 * (--trace-gc, 90 s of load): 590 young collections with a median pause of 17.5 ms (10.6 s in
 * all) and 143 full ones (1.9 s); with the flag 349 young collections at 1.4 ms (0.7 s) and no
 * full one. Untraced, in the same hour: server CPU 52.7-64.0 µs per redirect against 55.6-81.1
 * without; the resident peak 233-261 MB against 210-221.
 */
export const SERVING_NODE_FLAGS = ['--max-semi-space-size=32'] as const;

/**
 * Sets the heap's growing factor for this process. V8 reads the flag each time it sets the next
 * collection's limit, so setting it at start works like passing it on the command line; call it
 * before serving (server.ts, the benchmark's server).
 */
export function tuneHeapForServing(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
