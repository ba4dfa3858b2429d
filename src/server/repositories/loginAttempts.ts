// Failed-login counters per account+address pair and per address, kept in the database so every
// API process behind a load balancer sees the same counts.
import type { Executor } from './executor.js';

/** One account tried from one address: the real owner elsewhere is never affected. */
export const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip}`;
export const addressKey = (ip: string) => `address:${ip}`;

export interface FailureCount {
  failures: number;
  lastFailureAt: string;
}

/** The counts of `keys` whose last failure is at or after `since` (older ones are forgotten). */
export async function recentFailures(
  db: Executor,
  keys: string[],
  since: string,
): Promise<Map<string, FailureCount>> {
  const rows = await db
    .selectFrom('loginAttempts')
    .select(['key', 'failures', 'lastFailureAt', 'windowStart'])
    .where('key', 'in', keys)
    .execute();
  const counts = new Map<string, FailureCount>();
  for (const row of rows) {
    const lastFailureAt = row.lastFailureAt ?? row.windowStart;
    if (lastFailureAt >= since)
      counts.set(row.key, { failures: Number(row.failures), lastFailureAt });
  }
  return counts;
}

/**
 * Counts one failure. A key quiet since before `since` restarts at 1; one statement, so
 * concurrent failures from several processes cannot lose counts.
 */
export async function recordFailure(
  db: Executor,
  key: string,
  now: string,
  since: string,
): Promise<void> {
  await db
    .insertInto('loginAttempts')
    .values({ key, failures: 1, windowStart: now, lastFailureAt: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when(
            eb.fn.coalesce('loginAttempts.lastFailureAt', 'loginAttempts.windowStart'),
            '<',
            since,
          )
          .then(1)
          .else(eb('loginAttempts.failures', '+', 1))
          .end(),
        lastFailureAt: now,
      })),
    )
    .execute();
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('key', '=', key).execute();
}
