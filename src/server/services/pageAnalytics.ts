// The dashboard's page-view tracker setting. Each app keeps the last value it read, because the
// dashboard's Content-Security-Policy (computed per response, synchronously) must name the
// tracker's origin; the value is read again in the background once it is older than MAX_AGE_MS,
// so a change made through another process reaches this one within that time.
import {
  PAGE_ANALYTICS_OFF,
  pageAnalyticsSchema,
  type PageAnalytics,
} from '../../shared/schemas/pageAnalytics.js';
import type { Db } from '../db/database.js';
import { insertAuditLog, type AuditContext } from '../repositories/auditLogs.js';
import { readPlatformSetting, writePlatformSetting } from '../repositories/platformSettings.js';

const KEY = 'page_analytics';
const MAX_AGE_MS = 10_000;

export class PageAnalyticsSettings {
  private value: PageAnalytics = PAGE_ANALYTICS_OFF;
  private readAt = 0;
  private reading: Promise<PageAnalytics> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the stored setting; a stored value that no longer validates counts as "none". */
  async load(): Promise<PageAnalytics> {
    this.reading ??= readPlatformSetting(this.db, KEY)
      .then((stored) => {
        const parsed = pageAnalyticsSchema.safeParse(stored);
        this.value = parsed.success ? parsed.data : PAGE_ANALYTICS_OFF;
        this.readAt = this.now();
        return this.value;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** The last value read, refreshed in the background when stale; for synchronous callers. */
  cached(): PageAnalytics {
    if (this.now() - this.readAt > MAX_AGE_MS) this.load().catch(() => undefined);
    return this.value;
  }

  async save(input: PageAnalytics, audit: AuditContext): Promise<PageAnalytics> {
    const before = await this.load();
    await this.db.transaction().execute(async (trx) => {
      await writePlatformSetting(trx, KEY, input);
      await insertAuditLog(trx, audit, {
        type: 'tracking',
        action: 'updated',
        name: 'page analytics',
        customerId: null,
        changes: { before, after: input },
      });
    });
    this.value = input;
    this.readAt = this.now();
    return input;
  }
}
