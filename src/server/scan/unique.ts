// The unique-visitor flag: a visitor is unique the first time it is seen on a (UTC) day.
// Caveat: the seed and the set live in this process's memory. With several Node processes behind
// a load balancer each keeps its own set, so one person reaching two processes on one day counts
// twice; a shared store (e.g. a PostgreSQL table of (day, hash)) would fix that if it matters.
// A restart mid-day starts a new seed and set, with the same effect.
//
// The set holds a 53-bit non-cryptographic hash (cyrb53) as a number: it never leaves memory,
// so it needs no SHA-256 (which cost more CPU per scan than the rest of the recording), and a
// number takes a fraction of a string's memory. Two visitors colliding in 2^53 is negligible.
import { randomInt } from 'node:crypto';

/** Beyond this many distinct visitors a day, later ones are not marked unique (memory bound). */
const MAX_VISITORS_PER_DAY = 2_000_000;

/** cyrb53 (public domain, bryc): a fast 53-bit string hash with a seed. */
export function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export class DailyUniqueTracker {
  private day = '';
  private seed = 0;
  private seen = new Set<number>();

  constructor(private readonly maxPerDay = MAX_VISITORS_PER_DAY) {}

  /** True the first time this ip + user agent is seen on the day of `when`. */
  isUnique(ip: string, userAgent: string, when: Date): boolean {
    const day = when.toISOString().slice(0, 10);
    if (day !== this.day) {
      // A new day: new seed, forget yesterday.
      this.day = day;
      this.seed = randomInt(2 ** 31);
      this.seen = new Set();
    }
    const hash = hash53(`${ip}\n${userAgent}`, this.seed);
    if (this.seen.has(hash)) return false;
    if (this.seen.size >= this.maxPerDay) return false;
    this.seen.add(hash);
    return true;
  }
}
