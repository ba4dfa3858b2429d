// How long a login attempt must wait, the way trusted services throttle: per account+address
// pair, and a slower budget per address across accounts, each backing off exponentially from its
// last failure instead of a hard wall. The right password from an address that has not failed is
// never held back, however hard others hammer the account.
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_FREE_FAILURES_PER_PAIR,
} from '../../shared/constants.js';
import type { Executor } from '../repositories/executor.js';
import {
  addressKey,
  clearFailures,
  pairKey,
  recentFailures,
  recordFailure,
  type FailureCount,
} from '../repositories/loginAttempts.js';

/** The wait after `count` failures with `free` of them allowed: 1 s, 2 s, 4 s, … up to the window. */
export function backOffMs(count: FailureCount | undefined, free: number, now: number): number {
  if (!count || count.failures < free) return 0;
  const delay = Math.min(1000 * 2 ** (count.failures - free), LOGIN_FAILURE_WINDOW_MS);
  return Math.max(0, Date.parse(count.lastFailureAt) + delay - now);
}

export interface LoginThrottle {
  /** Milliseconds to wait before this attempt may be checked; 0 when it may go ahead. */
  waitMs(): Promise<number>;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/** What is being guessed: the password, or the second factor after it (counted apart). */
export type LoginStep = 'password' | 'two_factor';

export function loginThrottle(
  db: Executor,
  email: string,
  ip: string,
  now = new Date(),
  step: LoginStep = 'password',
): LoginThrottle {
  const prefix = step === 'password' ? '' : `${step}:`;
  const pair = prefix + pairKey(email, ip);
  const address = prefix + addressKey(ip);
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  return {
    async waitMs() {
      const counts = await recentFailures(db, [pair, address], since);
      return Math.max(
        backOffMs(counts.get(pair), LOGIN_FREE_FAILURES_PER_PAIR, now.getTime()),
        backOffMs(counts.get(address), LOGIN_FREE_FAILURES_PER_ADDRESS, now.getTime()),
      );
    },
    async failed() {
      for (const key of [pair, address]) await recordFailure(db, key, now.toISOString(), since);
    },
    // The address counter stays: one valid account must not reset an attacker's budget.
    succeeded: () => clearFailures(db, pair),
  };
}
