// The dashboard's page-view tracker setting, kept readable for the dashboard's CSP, which is
// computed per response and synchronously (RefreshingValue).
import {
  PAGE_ANALYTICS_OFF,
  pageAnalyticsSchema,
  type PageAnalytics,
} from '../../shared/schemas/pageAnalytics.js';
import type { Db } from '../db/database.js';
import type { UnitOfWork } from './unitOfWork.js';
import type { DomainEvent, EventBus } from '../events/bus.js';
import { readPlatformSetting, writePlatformSetting } from '../repositories/platformSettings.js';
import { RefreshingValue } from './refreshingValue.js';

const KEY = 'page_analytics';

export class PageAnalyticsSettings {
  private readonly current: RefreshingValue<PageAnalytics>;

  constructor(private readonly db: Db) {
    // A stored value that no longer validates counts as "none".
    this.current = new RefreshingValue(async () => {
      const parsed = pageAnalyticsSchema.safeParse(await readPlatformSetting(db, KEY));
      return parsed.success ? parsed.data : PAGE_ANALYTICS_OFF;
    }, PAGE_ANALYTICS_OFF);
  }

  load(): Promise<PageAnalytics> {
    return this.current.load();
  }

  cached(): PageAnalytics {
    return this.current.cached();
  }

  /** Reloads when another process saved the setting (through Redis; this process sets it itself). */
  follow(bus: EventBus, onError: (error: unknown) => void): void {
    bus.subscribe((events) => {
      const isSettingChange = (event: DomainEvent) =>
        event.type === 'tracking' && event.projectId === null && event.customerId === null;
      if (events.some(isSettingChange)) this.load().catch(onError);
    });
  }

  async save(input: PageAnalytics, work: UnitOfWork): Promise<PageAnalytics> {
    const before = await this.load();
    await work.run(async ({ trx, record }) => {
      await writePlatformSetting(trx, KEY, input);
      await record({
        type: 'tracking',
        action: 'updated',
        name: 'page analytics',
        customerId: null,
        changes: { before, after: input },
      });
    });
    return this.current.set(input);
  }
}
