// Failed-login counters per account and per address, kept in the database so every API process
// behind a load balancer sees the same counts.
import type { Executor } from './executor.js';

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** The highest failure count among `keys` within the window that started at or after `since`. */
export async function recentFailures(db: Executor, keys: string[], since: string): Promise<number> {
  const rows = await db
    .selectFrom('loginAttempts')
    .select('failures')
    .where('key', 'in', keys)
    .where('windowStart', '>=', since)
    .execute();
  return rows.reduce((max, row) => Math.max(max, Number(row.failures)), 0);
}

/**
 * Counts one failure. A window older than `since` restarts at 1; one statement, so concurrent
 * failures from several processes cannot lose counts.
 */
export async function recordFailure(
  db: Executor,
  key: string,
  now: string,
  since: string,
): Promise<void> {
  await db
    .insertInto('loginAttempts')
    .values({ key, failures: 1, windowStart: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('loginAttempts.windowStart', '<', since)
          .then(1)
          .else(eb('loginAttempts.failures', '+', 1))
          .end(),
        windowStart: eb
          .case()
          .when('loginAttempts.windowStart', '<', since)
          .then(now)
          .else(eb.ref('loginAttempts.windowStart'))
          .end(),
      })),
    )
    .execute();
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('key', '=', key).execute();
}
