// The live view's counts across processes: with REDIS_URL each process adds the counted scans it
// wrote to one Redis counter per project and minute (expiring after the live window), and every
// process answers a viewer from those counters, so the view shows the scans of every process at
// the cost of one MGET per poll and no database read. Without Redis the recorder's own memory
// answers (one process sees everything).
import type { Redis } from 'ioredis';
import { isCountedScan } from './rollup.js';
import { LIVE_MINUTES, type ScanRow } from './recorder.js';

const MINUTE_MS = 60_000;

export interface LiveMinute {
  minute: string;
  scans: number;
}

export class RedisLiveCounts {
  /**
   * `redis` is the event relay's command connection (its owner closes it); `prefix` names the
   * database (events/redisRelay.ts eventChannelOf), like the event channel.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  private keyOf(projectId: string, minute: number): string {
    return `${this.prefix}:live:${projectId}:${minute}`;
  }

  /** After a committed batch: its counted scans, per project and minute, still in the window. */
  written(rows: readonly ScanRow[], now = Date.now()): void {
    const oldest = now - LIVE_MINUTES * MINUTE_MS;
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (!isCountedScan(row)) continue;
      const minute = Math.floor(Date.parse(row.scannedAt) / MINUTE_MS) * MINUTE_MS;
      if (minute < oldest) continue;
      const key = this.keyOf(row.projectId, minute);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (counts.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [key, count] of counts) {
      pipeline.incrby(key, count);
      pipeline.pexpire(key, (LIVE_MINUTES + 1) * MINUTE_MS);
    }
    // The scans are committed; a lost increment only shows in the live view.
    pipeline.exec().catch(this.onError);
  }

  /**
   * The minutes of `window` (the recorder's live window of this process) with the counts every
   * process wrote in them.
   */
  async minutes(projectId: string, window: readonly LiveMinute[]): Promise<LiveMinute[]> {
    const keys = window.map(({ minute }) => this.keyOf(projectId, Date.parse(minute)));
    const values = await this.redis.mget(keys);
    return window.map(({ minute }, i) => ({ minute, scans: Number(values[i] ?? 0) }));
  }
}
