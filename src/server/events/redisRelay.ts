// Domain events across processes: with REDIS_URL set, every committed change is published on one
// Redis channel and every other process delivers it to its own subscribers, so a change made
// through one process reaches every process's scan cache at once instead of after its TTL.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { ulid } from 'ulidx';
import type { DomainEvent, EventBus, EventRelay } from './bus.js';

/** One channel per database: processes serving the same data hear each other, and no others. */
export function eventChannelOf(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  const database = config.databaseUrl || `sqlite:${config.dataDir}`;
  return `qrhub:events:${createHash('sha256').update(database).digest('hex').slice(0, 16)}`;
}

interface Envelope {
  /** The sending process, so it does not handle its own events twice. */
  origin: string;
  events: DomainEvent[];
}

export interface RedisRelayOptions {
  channel: string;
  onError: (error: unknown) => void;
}

export class RedisEventRelay implements EventRelay {
  private readonly origin = ulid();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;

  private constructor(
    url: string,
    private readonly bus: EventBus,
    private readonly options: RedisRelayOptions,
  ) {
    this.channel = options.channel;
    // A subscribed connection cannot publish: one of each. Both reconnect on their own.
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url);
    this.publisher.on('error', options.onError);
    this.subscriber.on('error', options.onError);
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
  }

  /**
   * Subscribes and relays the bus's events from now on. A Redis that is down does not stop the
   * server: the relay keeps reconnecting, /readyz reports it, and the subscription follows.
   */
  static async start(
    url: string,
    bus: EventBus,
    options: RedisRelayOptions,
  ): Promise<RedisEventRelay> {
    const relay = new RedisEventRelay(url, bus, options);
    bus.relayTo(relay);
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Redis within 3 s`)), 3_000);
    });
    await Promise.race([relay.subscriber.subscribe(relay.channel), giveUp])
      .catch(options.onError)
      .finally(() => clearTimeout(timer));
    return relay;
  }

  /**
   * The publishing connection, for the app's other plain Redis commands (live counts, the daily
   * seed): one connection serves them all instead of one each. The relay owns and closes it.
   */
  get commands(): Redis {
    return this.publisher;
  }

  send(events: readonly DomainEvent[]): void {
    const envelope: Envelope = { origin: this.origin, events: [...events] };
    // Fire and forget: the change is committed; a lost message is bounded by the cache's TTL.
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(this.options.onError);
  }

  /** Rejects when Redis does not answer (readiness). */
  async ping(): Promise<void> {
    await this.publisher.ping();
  }

  async close(): Promise<void> {
    this.bus.relayTo(null);
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (error) {
      this.options.onError(error);
      return;
    }
    if (envelope.origin === this.origin || !Array.isArray(envelope.events)) return;
    this.bus.deliver(envelope.events);
  }
}
