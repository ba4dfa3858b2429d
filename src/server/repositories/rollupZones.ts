// A project's daily and monthly rollup rows are its local days and months (scan/rollup.ts). When
// its time zone changes, each day row moves to the same calendar day in the new zone, so the days
// already counted stay whole and line up with the days the screens read from then on, and the
// month rows are summed again from the moved days. The hours inside those days stay where they
// were counted (what analytics products commonly do on a zone change); hourly rows are UTC and
// need nothing.
import { sql, type Kysely } from 'kysely';
import { instantOf, localBucketStart, localParts, nextLocalBucket } from '../../shared/timeZone.js';
import { LocalDays, WEEK_HOUR_DIMENSION } from '../scan/rollup.js';
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
  await rebuildProjectMonths(db, projectId, toZone);
}

/**
 * Replaces the project's month rows, by local month in `timeZone`: the sums of its day rows, and
 * the heat map's cells (local weekday and hour) from its hourly rows. After a zone change, and
 * once (migration 0029) for what was counted before month rows existed. Plain SQL on snake_case
 * names, so the migration keeps working whatever the app's schema becomes. Run inside a
 * transaction beside the scan writer, the result stays exact: the writer adds to hour, day and
 * month rows in one transaction of its own.
 */
export async function rebuildProjectMonths(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  projectId: string,
  timeZone: string,
): Promise<void> {
  await sql`delete from scan_rollups where project_id = ${projectId} and period = 'month'`.execute(
    db,
  );
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    select min(bucket) as first, max(bucket) as last from scan_rollups
    where project_id = ${projectId} and period = 'day'`.execute(db);
  const { first, last } = rows[0] ?? {};
  if (!first || !last) return;
  // Day buckets are local midnights (ISO instants sort as strings): a day row belongs to the last
  // month starting at or before it.
  const months = monthsOf(first, last, timeZone);
  const monthOf = sql`case ${sql.join(
    months.map((m) => sql`when bucket < ${m.next} then ${m.start}`),
    sql` `,
  )} end`;
  await sql`insert into scan_rollups
      (scope_id, project_id, item_type, period, dimension, bucket, value, scans, uniques)
    select scope_id, project_id, item_type, 'month', dimension, month, value,
      sum(scans), sum(uniques)
    from (select scope_id, project_id, item_type, dimension, ${monthOf} as month, value, scans,
        uniques
      from scan_rollups where project_id = ${projectId} and period = 'day') as days
    group by scope_id, project_id, item_type, dimension, month, value`.execute(db);

  // The heat map's cells, a month of hourly rows at a time (the project index holds them in
  // bucket order), summed here: their local weekday and hour need the zone's rules.
  const hours = await sql<{ first: string | null; last: string | null }>`
    select min(bucket) as first, max(bucket) as last from scan_rollups
    where project_id = ${projectId} and period = 'hour' and dimension = 'total'`.execute(db);
  const span = hours.rows[0];
  if (!span?.first || !span.last) return;
  const days = new LocalDays();
  for (const month of monthsOf(span.first, span.last, timeZone)) {
    const found = await sql<HourRow>`
      select scope_id as scope, item_type as type, bucket, scans, uniques from scan_rollups
      where project_id = ${projectId} and period = 'hour' and dimension = 'total'
        and bucket >= ${month.start} and bucket < ${month.next}`.execute(db);
    const cells = new Map<string, HourRow>();
    for (const row of found.rows) {
      const value = days.of(row.bucket, timeZone).weekHour;
      const key = `${row.scope}|${value}`;
      const cell = cells.get(key);
      if (cell) {
        cell.scans = Number(cell.scans) + Number(row.scans);
        cell.uniques = Number(cell.uniques) + Number(row.uniques);
      } else cells.set(key, { ...row, bucket: value });
    }
    const values = [...cells.values()].map(
      (c) =>
        sql`(${c.scope}, ${projectId}, ${c.type}, 'month', ${WEEK_HOUR_DIMENSION}, ${month.start}, ${c.bucket}, ${Number(c.scans)}, ${Number(c.uniques)})`,
    );
    // 9 parameters a row: far below either database's limit per statement.
    for (let i = 0; i < values.length; i += 1000) {
      await sql`insert into scan_rollups
          (scope_id, project_id, item_type, period, dimension, bucket, value, scans, uniques)
        values ${sql.join(values.slice(i, i + 1000))}`.execute(db);
    }
  }
}

interface HourRow {
  scope: string;
  type: string;
  bucket: string;
  scans: number | string;
  uniques: number | string;
}

/** The local months from the one holding `first` through the one holding `last` (ISO). */
function monthsOf(first: string, last: string, timeZone: string) {
  const months: { start: string; next: string }[] = [];
  const end = Date.parse(last);
  for (let at = localBucketStart(Date.parse(first), 'month', timeZone); at <= end;) {
    const next = nextLocalBucket(at, 'month', timeZone);
    months.push({ start: new Date(at).toISOString(), next: new Date(next).toISOString() });
    at = next;
  }
  return months;
}
