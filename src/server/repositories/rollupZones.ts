// A project's daily rollup rows are its local days (scan/rollup.ts). When its time zone changes,
// each day row moves to the same calendar day in the new zone, so the days already counted stay
// whole and line up with the days the screens read from then on. The hours inside those days stay
// where they were counted (what analytics products commonly do on a zone change); hourly rows are
// UTC and need nothing.
import { instantOf, localParts } from '../../shared/timeZone.js';
import type { Executor } from './executor.js';

/** Moves every daily row of the project from `fromZone`'s days to the same dates in `toZone`. */
export async function refileProjectDays(
  db: Executor,
  projectId: string,
  fromZone: string,
  toZone: string,
): Promise<void> {
  if (fromZone === toZone) return;
  const buckets = await db
    .selectFrom('scanRollups')
    .select('bucket')
    .distinct()
    .where('projectId', '=', projectId)
    .where('period', '=', 'day')
    .execute();
  const moves = buckets.map(({ bucket }) => {
    const day = localParts(Date.parse(bucket), fromZone);
    return {
      from: bucket,
      to: new Date(instantOf(day.year, day.month, day.day, 0, toZone)).toISOString(),
    };
  });
  // Distinct dates have distinct midnights, but a new bucket may equal another row's old one
  // (zones a day apart): park every row under a temporary name first, then give the new ones.
  for (const { from } of moves) {
    await db
      .updateTable('scanRollups')
      .set({ bucket: `~${from}` })
      .where('projectId', '=', projectId)
      .where('period', '=', 'day')
      .where('bucket', '=', from)
      .execute();
  }
  for (const { from, to } of moves) {
    await db
      .updateTable('scanRollups')
      .set({ bucket: to })
      .where('projectId', '=', projectId)
      .where('period', '=', 'day')
      .where('bucket', '=', `~${from}`)
      .execute();
  }
}
