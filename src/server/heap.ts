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
 * Sets the heap's growing factor for this process. V8 reads the flag each time it sets the next
 * collection's limit, so setting it at start works like passing it on the command line; call it
 * before serving (server.ts, the benchmark's server).
 */
export function tuneHeapForServing(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
