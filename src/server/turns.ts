// Long synchronous work split over turns of the event loop, so the redirects waiting on it are
// answered in between: on a busy scan server one turn holds every request that arrived meanwhile.
import { setImmediate as nextTurn } from 'node:timers/promises';

export { nextTurn };

/** `rows` `size` at a time, the event loop turning between pieces. */
export async function* piecesOf<T>(rows: readonly T[], size: number): AsyncGenerator<readonly T[]> {
  for (let start = 0; start < rows.length; start += size) {
    if (start > 0) await nextTurn();
    yield rows.slice(start, start + size);
  }
}
