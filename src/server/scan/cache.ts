// The in-memory cache of the scan path: (host, code) → what the code resolves to, so a hot code
// costs no database round trip.
//
// How the API keeps it right — call after the change is committed:
//   import { invalidate, invalidateAll, invalidateAction, invalidateProject } from '../scan/cache.js';
//   - QR code created / updated / trashed / restored / deleted:   invalidate(qrCode.code)
//   - short link created / updated / trashed / restored / deleted: invalidate(shortLink.uri)
//     (unknown codes are cached too, briefly, so creating one must invalidate its code)
//   - Action updated / deleted:                 invalidateAction(action.id)
//   - theme created / updated / activated / deleted, project trashed/updated: invalidateProject(projectId)
//   - white-label hostnames changed, bulk changes (empty trash, customer deleted): invalidateAll()
// These act on every live scan cache in this process. Other processes (several API processes
// behind a load balancer) do not hear about it: there the TTL below bounds how long a stale
// answer can live.
export const CACHE_TTL_MS = 30_000;
export const CACHE_MAX_ENTRIES = 20_000;

export interface CacheTags {
  actionId: string | null;
  projectId: string | null;
}

interface Entry<T> {
  value: T;
  tags: CacheTags;
  expiresAt: number;
}

const live = new Set<ScanCache<unknown>>();

export class ScanCache<T> {
  // Map keeps insertion order, which makes the oldest entry the first to evict.
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs = CACHE_TTL_MS,
    private readonly maxEntries = CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {
    live.add(this as ScanCache<unknown>);
  }

  static key(host: string, code: string): string {
    return `${code}\n${host}`;
  }

  get(host: string, code: string): T | undefined {
    const key = ScanCache.key(host, code);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
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

  dispose(): void {
    this.clear();
    live.delete(this as ScanCache<unknown>);
  }
}

/** A QR code or short link changed: forget its code. */
export function invalidate(code: string): void {
  for (const cache of live) cache.invalidate(code);
}

/** An Action changed: forget every code that resolved to it. */
export function invalidateAction(actionId: string): void {
  for (const cache of live) cache.invalidateWhere((tags) => tags.actionId === actionId);
}

/** A project's theme or state changed: forget its codes. */
export function invalidateProject(projectId: string): void {
  for (const cache of live) cache.invalidateWhere((tags) => tags.projectId === projectId);
}

export function invalidateAll(): void {
  for (const cache of live) cache.clear();
}
