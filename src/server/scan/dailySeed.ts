// The one random seed per UTC day that every visitor hash of the app uses: the unique-visitor set
// (unique.ts) and the A/B split bucket (plugin.ts, rules.ts splitBucket). It is never stored with
// the scans and changes daily, so a hash cannot be followed across days or reversed to an address.
// With Redis, the first process to need a day's seed stores it (SET NX) and every other process
// adopts it, so a visitor gets the same split version from every process; tomorrow's seed is
// agreed on ahead of time, so processes switch together at midnight. Until Redis answers (or when
// it is down) a process uses a seed of its own.
import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';

const DAY_MS = 86_400_000;
/** How often the coming days' seeds are agreed on again (a restarted Redis forgets them). */
const AGREE_EVERY_MS = 10 * 60_000;

/** Where the processes of one app agree on a day's seed. */
export interface SeedStore {
  /** The day's seed: `candidate` if no process stored one before, otherwise the stored one. */
  agree(day: string, candidate: number): Promise<number>;
}

const dayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);

export class DailySeed {
  private readonly seeds = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: SeedStore | null = null,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The day `of` last named: the date is formatted once a day, not once per scan. */
  private lastDay = { number: NaN, name: '' };

  /** The seed of the (UTC) day of `at`. */
  of(at: Date): number {
    const number = Math.floor(at.getTime() / DAY_MS);
    if (number !== this.lastDay.number) this.lastDay = { number, name: dayOf(at) };
    const day = this.lastDay.name;
    const known = this.seeds.get(day);
    if (known !== undefined) return known;
    const seed = this.local(day);
    void this.agree(day);
    return seed;
  }

  /**
   * Agrees today's and tomorrow's seeds with the store now, then every AGREE_EVERY_MS until
   * stop(). Resolves when the first agreement is done (or failed: the local seeds stay).
   */
  async start(now: () => number = Date.now): Promise<void> {
    if (!this.store) return;
    const agreeAhead = async () => {
      const today = now();
      await Promise.all([this.agree(dayOf(today)), this.agree(dayOf(today + DAY_MS))]);
      // Yesterday's is kept for scans stamped just before midnight; older ones go.
      const oldest = dayOf(today - DAY_MS);
      for (const day of this.seeds.keys()) if (day < oldest) this.seeds.delete(day);
    };
    this.timer = setInterval(() => void agreeAhead(), AGREE_EVERY_MS);
    this.timer.unref();
    await agreeAhead();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private local(day: string): number {
    let seed = this.seeds.get(day);
    if (seed === undefined) {
      seed = randomInt(2 ** 31);
      this.seeds.set(day, seed);
    }
    return seed;
  }

  private async agree(day: string): Promise<void> {
    if (!this.store) return;
    try {
      this.seeds.set(day, await this.store.agree(day, this.local(day)));
    } catch (error) {
      this.onError(error);
    }
  }
}

/** The seeds in Redis, under the app's prefix (events/redisRelay.ts eventChannelOf). */
export class RedisSeedStore implements SeedStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async agree(day: string, candidate: number): Promise<number> {
    const key = `${this.prefix}:seed:${day}`;
    // Kept a day past its own, for processes whose clocks lag.
    const replies = await this.redis
      .multi()
      .set(key, String(candidate), 'EX', 3 * 86_400, 'NX')
      .get(key)
      .exec();
    const stored = Number(replies?.[1]?.[1]);
    if (!Number.isInteger(stored)) throw new Error(`no seed in Redis for ${day}`);
    return stored;
  }
}
