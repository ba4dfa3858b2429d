// A value read from the database that synchronous code needs (a CSP computed per response, the
// Host routing of every request): the last value read is kept, and read again in the background
// once older than `maxAgeMs`, so a change made through another process arrives within that time.
// The process that makes a change sets the new value at once.
export class RefreshingValue<T> {
  private value: T;
  private readAt = 0;
  private reading: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    initial: T,
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.value = initial;
  }

  /** Reads the value now (one read at a time). */
  load(): Promise<T> {
    this.reading ??= this.read()
      .then((value) => this.set(value))
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** The last value read; a stale one is read again in the background. */
  cached(): T {
    if (this.now() - this.readAt > this.maxAgeMs) this.load().catch(() => undefined);
    return this.value;
  }

  set(value: T): T {
    this.value = value;
    this.readAt = this.now();
    return value;
  }
}
