// The in-memory cache of the scan path: (host, code) → what the code resolves to, so a hot code
// costs no database round trip. It is kept right by the app's domain events (see followEvents
// below): every committed change names what it touched, and exactly those entries go, in this
// process and, through Redis, in every other. The TTL only bounds the life of an entry whose
// event was lost (a Redis outage).
import type { DomainEvent, EventBus } from '../events/bus.js';

export const CACHE_TTL_MS = 30_000;
export const CACHE_MAX_ENTRIES = 20_000;

/** What an entry depends on: a change to any of these drops it. */
export interface CacheTags {
  itemId: string | null;
  actionId: string | null;
  projectId: string | null;
  customerId: string | null;
}

interface Entry<T> {
  value: T;
  tags: CacheTags;
  expiresAt: number;
}

export class ScanCache<T> {
  // Map keeps insertion order, which makes the oldest entry the first to evict.
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs = CACHE_TTL_MS,
    private readonly maxEntries = CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  static key(host: string, code: string): string {
    return `${code}\n${host}`;
  }

  get(host: string, code: string): T | undefined {
    const entry = this.entries.get(ScanCache.key(host, code));
    // An expired entry stays (until evicted or forgotten) as the answer of last resort, below.
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry.value;
  }

  /**
   * The last known answer, expired or not: what the scan path serves while the database is
   * unreachable, so printed codes keep redirecting through an outage. Events still drop entries.
   */
  stale(host: string, code: string): T | undefined {
    return this.entries.get(ScanCache.key(host, code))?.value;
  }

  set(host: string, code: string, value: T, tags: CacheTags): void {
    const key = ScanCache.key(host, code);
    this.entries.delete(key);
    this.entries.set(key, { value, tags, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops the code on every host. */
  invalidate(code: string): void {
    const prefix = `${code}\n`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  invalidateWhere(test: (tags: CacheTags) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.tags)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops exactly the entries a committed change affects. */
  forget(event: DomainEvent): void {
    const ids = new Set(event.ids);
    switch (event.type) {
      case 'qr_code':
      case 'short_link':
        // By code for items that were unknown until now (unknown codes are cached too).
        for (const code of event.codes) this.invalidate(code);
        this.invalidateWhere((tags) => tags.itemId !== null && ids.has(tags.itemId));
        return;
      case 'action':
        this.invalidateWhere((tags) => tags.actionId !== null && ids.has(tags.actionId));
        return;
      case 'campaign':
        for (const code of event.codes) this.invalidate(code);
        return;
      case 'project':
      case 'theme':
      case 'tracking': {
        // A project's state, tracking or landing-page look: every code of the project.
        const projects = new Set(event.type === 'project' ? event.ids : []);
        if (event.projectId) projects.add(event.projectId);
        this.invalidateWhere((tags) => tags.projectId !== null && projects.has(tags.projectId));
        return;
      }
      case 'customer': {
        const customers = new Set(event.ids);
        if (event.customerId) customers.add(event.customerId);
        this.invalidateWhere((tags) => tags.customerId !== null && customers.has(tags.customerId));
        return;
      }
      case 'whitelabel':
        // Which host answers for which customer changed: entries are keyed by host.
        this.clear();
        return;
      default:
        return;
    }
  }

  /** Subscribes the cache to the app's events; answers the function that unsubscribes. */
  followEvents(bus: EventBus): () => void {
    return bus.subscribe((events) => {
      for (const event of events) this.forget(event);
    });
  }
}
