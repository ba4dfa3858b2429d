// The daily seed of visitor hashes (scan/dailySeed.ts): every process of an app that shares a
// Redis uses one seed a day (today's and tomorrow's agreed ahead), so a visitor lands in the same
// A/B split bucket whichever process answers; without Redis each process keeps its own.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DailySeed, RedisSeedStore } from '../../../src/server/scan/dailySeed.js';
import { splitBucket } from '../../../src/server/scan/rules.js';
import { DailyUniqueTracker } from '../../../src/server/scan/unique.js';
import { visitorHash } from '../../../src/server/scan/visitor.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const DAY_MS = 86_400_000;
const noon = Date.parse('2025-06-01T12:00:00Z');

describe('DailySeed', () => {
  it('without Redis: one seed all day, a new one the next day', async () => {
    const seed = new DailySeed();
    await seed.start();
    const today = seed.of(new Date(noon));
    expect(seed.of(new Date('2025-06-01T23:59:59Z'))).toBe(today);
    expect(seed.of(new Date('2025-06-02T00:00:00Z'))).not.toBe(today);
    // A scan stamped just before midnight, answered after it, still gets its own day's seed.
    expect(seed.of(new Date('2025-06-01T23:59:59.999Z'))).toBe(today);
  });

  it('the unique-visitor set hashes with the seed it is given', () => {
    const seed = new DailySeed();
    const tracker = new DailyUniqueTracker(seed);
    const at = new Date(noon);
    expect(tracker.isUnique('1.2.3.4', 'ua', at)).toBe(true);
    expect(tracker.isUnique('1.2.3.4', 'ua', at)).toBe(false);
    expect(visitorHash(seed.of(at), '1.2.3.4', 'ua')).toBe(
      visitorHash(seed.of(at), '1.2.3.4', 'ua'),
    );
  });

  describe.skipIf(!redisUrl)('with Redis', () => {
    const connections: Redis[] = [];
    const seeds: DailySeed[] = [];
    afterAll(() => {
      for (const seed of seeds) seed.stop();
      for (const redis of connections) redis.disconnect();
    });
    /** A process of the app: its own connection, the app's prefix. */
    const processOf = (prefix: string, now: number) => {
      const redis = new Redis(redisUrl);
      connections.push(redis);
      const seed = new DailySeed(new RedisSeedStore(redis, prefix), (error) => {
        throw error;
      });
      seeds.push(seed);
      return { seed, started: seed.start(() => now) };
    };

    it('every process of an app uses the seed the first one stored, today and tomorrow', async () => {
      const prefix = `qrhub:test:${crypto.randomBytes(6).toString('hex')}`;
      const a = processOf(prefix, noon);
      await a.started;
      // B starts later, on the next day's eve: it adopts A's seeds instead of making its own.
      const b = processOf(prefix, noon + 6 * 3600_000);
      await b.started;
      for (const at of [noon, noon + DAY_MS]) {
        expect(b.seed.of(new Date(at))).toBe(a.seed.of(new Date(at)));
      }
      // So a visitor gets the same A/B version from either process.
      const bucket = (seed: DailySeed) =>
        splitBucket(visitorHash(seed.of(new Date(noon)), '203.0.113.7', 'Mozilla/5.0'));
      expect(bucket(b.seed)).toBe(bucket(a.seed));
      // Another app (another database) has seeds of its own.
      const other = processOf(`${prefix}:other`, noon);
      await other.started;
      expect(other.seed.of(new Date(noon))).not.toBe(a.seed.of(new Date(noon)));
    });
  });
});
