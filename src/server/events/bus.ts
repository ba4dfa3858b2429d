// The app's domain events: what changed, published after the change is committed. Subscribers
// (the scan cache, the white-label host list, later webhooks) react to them instead of every
// service calling them by hand. One bus per app instance; with Redis (events/redisRelay.ts) the
// events of other processes arrive here too.
import type { AuditAction, AuditType } from '../../shared/enums.js';

export interface DomainEvent {
  /** What kind of thing changed (the audit row's type). */
  type: AuditType;
  action: AuditAction;
  customerId: string | null;
  projectId: string | null;
  /** The ids of the changed rows. */
  ids: string[];
  /** Scan codes (QR code codes, short link uris) the change concerns, when it concerns any. */
  codes: string[];
}

/** `local`: the change was committed by this process (not relayed from another one). */
export type EventHandler = (events: readonly DomainEvent[], local: boolean) => void;

/** Where events go besides this process's subscribers (Redis pub/sub when configured). */
export interface EventRelay {
  send(events: readonly DomainEvent[]): void;
}

export class EventBus {
  private readonly handlers = new Set<EventHandler>();
  private relay: EventRelay | null = null;

  constructor(private readonly onHandlerError: (error: unknown) => void = () => {}) {}

  /** Returns the function that unsubscribes. */
  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  relayTo(relay: EventRelay | null): void {
    this.relay = relay;
  }

  /** Events of a committed change made in this process: to local subscribers and the relay. */
  publish(events: readonly DomainEvent[]): void {
    if (events.length === 0) return;
    this.deliver(events, true);
    this.relay?.send(events);
  }

  /** Events that arrived from another process: local subscribers only. */
  deliver(events: readonly DomainEvent[], local = false): void {
    for (const handler of this.handlers) {
      // One failing subscriber must neither stop the others nor fail the committed change.
      try {
        handler(events, local);
      } catch (error) {
        this.onHandlerError(error);
      }
    }
  }
}
