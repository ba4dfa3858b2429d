// The unique-visitor flag: a visitor is unique the first time it is seen on a (UTC) day.
// Caveat: the set lives in this process's memory. With several Node processes behind a load
// balancer each keeps its own set, so one person reaching two processes on one day counts twice;
// a shared store (e.g. a PostgreSQL table of (day, hash)) would fix that if it matters. A restart
// mid-day starts a new set, with the same effect. The set holds the visitor hash (visitor.ts)
// under the app's daily seed (dailySeed.ts), the one the A/B split uses too.
import { DailySeed } from './dailySeed.js';
import { visitorHash } from './visitor.js';

/** Beyond this many distinct visitors a day, later ones are not marked unique (memory bound). */
const MAX_VISITORS_PER_DAY = 2_000_000;

const DAY_MS = 86_400_000;

export class DailyUniqueTracker {
  /** The UTC day of the set, as days since the epoch (a number: no date formatting per scan). */
  private day = -1;
  private seen = new Set<number>();

  constructor(
    private readonly seed: DailySeed = new DailySeed(),
    private readonly maxPerDay = MAX_VISITORS_PER_DAY,
  ) {}

  /** True the first time this ip + user agent is seen on the day of `when`. */
  isUnique(ip: string, userAgent: string, when: Date): boolean {
    const day = Math.floor(when.getTime() / DAY_MS);
    if (day !== this.day) {
      // A new day: forget yesterday.
      this.day = day;
      this.seen = new Set();
    }
    const hash = visitorHash(this.seed.of(when), ip, userAgent);
    if (this.seen.has(hash)) return false;
    if (this.seen.size >= this.maxPerDay) return false;
    this.seen.add(hash);
    return true;
  }
}
