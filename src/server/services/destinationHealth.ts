// Destination health (issue 16 part 5): a background job of the app checks the link of every link
// QR link (and so every QR code and short link using it), off the scan path. Two failures in a row
// open a failure episode: the state turns 'failing' through the unit of work (its event drops the
// Action's scan cache entries, so scans take the fallback target when one is set), and the
// project's customer admins get one mail. The first success closes the episode the same way.
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail.js';
import { destinationFailingMail } from '../mail.js';
import { probe, type ProbeOptions, type ProbeResult, type RobotsCache } from '../health/probe.js';
import {
  checkableActions,
  findHealth,
  saveHealth,
  type CheckableAction,
  type DestinationHealthRow,
} from '../repositories/destinationHealth.js';
import { customerAdminsOf } from '../repositories/usage.js';
import { updateAction } from '../repositories/actions.js';
import { parseStoredData } from './actions.js';
import type { WritePath } from './unitOfWork.js';
import { startJobTimer, type JobTimer } from './jobTimer.js';

/** Failures in a row that make a destination 'failing'. */
export const FAILURES_TO_WARN = 2;
const PAGE = 200;
const HOUR_MS = 60 * 60 * 1000;

export interface DestinationHealthOptions extends ProbeOptions {
  /** Checks at the same time (small: these are other people's servers). */
  concurrency: number;
  publicUrl: string;
  environment: string;
  onError: (error: unknown) => void;
}

export const DEFAULT_HEALTH_OPTIONS = { concurrency: 4, timeoutMs: 10_000 } as const;

/** The state after one check result, or null when the result changes nothing worth storing. */
export function nextHealth(
  previous: DestinationHealthRow | null,
  action: CheckableAction,
  url: string,
  result: Exclude<ProbeResult, { outcome: 'skipped' }>,
  now: string,
): DestinationHealthRow {
  // An edited link starts a fresh record.
  const was = previous && previous.url === url ? previous : null;
  if (result.outcome === 'up')
    return {
      actionId: action.id,
      customerId: action.customerId,
      projectId: action.projectId,
      url,
      status: 'healthy',
      consecutiveFailures: 0,
      lastError: null,
      checkedAt: now,
      failingSince: null,
      notifiedAt: null,
    };
  const failures = (was?.consecutiveFailures ?? 0) + 1;
  const failing = failures >= FAILURES_TO_WARN;
  return {
    actionId: action.id,
    customerId: action.customerId,
    projectId: action.projectId,
    url,
    status: failing ? 'failing' : 'healthy',
    consecutiveFailures: failures,
    lastError: result.error,
    checkedAt: now,
    failingSince: failing ? (was?.failingSince ?? now) : null,
    notifiedAt: was?.notifiedAt ?? null,
  };
}

export class DestinationHealthChecker {
  constructor(
    private readonly db: Db,
    private readonly writePath: WritePath,
    private readonly mailer: Mailer,
    private readonly options: DestinationHealthOptions,
  ) {}

  /** Checks every link QR link once; answers how many destinations were checked. */
  async runOnce(now = () => new Date()): Promise<number> {
    const robots: RobotsCache = new Map();
    let checked = 0;
    let after = '';
    for (;;) {
      const page = await checkableActions(this.db, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1].id;
      let next = 0;
      const worker = async () => {
        while (next < page.length) {
          const action = page[next++];
          try {
            if (await this.checkOne(action, robots, now)) checked++;
          } catch (error) {
            this.options.onError(error);
          }
        }
      };
      await Promise.all(Array.from({ length: this.options.concurrency }, worker));
      if (page.length < PAGE) break;
    }
    return checked;
  }

  private async checkOne(
    action: CheckableAction,
    robots: RobotsCache,
    now: () => Date,
  ): Promise<boolean> {
    const data = parseStoredData(action.data);
    const url = typeof data.link === 'string' ? data.link : null;
    if (!url) return false;
    const result = await probe(url, this.options, robots);
    if (result.outcome === 'skipped') return false;
    const previous = await findHealth(this.db, action.id);
    const next = nextHealth(previous, action, url, result, now().toISOString());
    const wasFailing = previous?.status === 'failing' && previous.url === url;
    const turnsFailing = next.status === 'failing' && !wasFailing;
    const recovers = wasFailing && next.status === 'healthy';
    const mail = next.status === 'failing' && !next.notifiedAt;
    if (mail) next.notifiedAt = next.checkedAt;
    // A destination that stays healthy changes nothing: no write every hour per Action.
    if (!previous && next.status === 'healthy' && next.consecutiveFailures === 0) return true;
    if (
      previous &&
      previous.url === url &&
      previous.status === next.status &&
      previous.consecutiveFailures === next.consecutiveFailures &&
      previous.notifiedAt === next.notifiedAt
    )
      return true;
    const work = this.writePath.for({
      client: 'api',
      userId: null,
      customerId: action.customerId,
      device: null,
      environment: this.options.environment,
    });
    await work.run(async ({ trx, record }) => {
      await saveHealth(trx, next);
      // The Action's own mark is what the scan path reads: while set, scans take the fallback.
      if (turnsFailing || recovers)
        await updateAction(trx, action.id, {
          destinationUnhealthyAt: turnsFailing ? next.failingSince : null,
        });
      if (turnsFailing || recovers)
        await record({
          type: 'action',
          action: 'updated',
          itemId: action.id,
          name: action.name,
          projectId: action.projectId,
          customerId: action.customerId,
          before: { destinationHealth: turnsFailing ? 'healthy' : 'failing' },
          after: { destinationHealth: next.status, destinationError: next.lastError },
        });
      if (mail)
        await record({
          type: 'action',
          action: 'send',
          itemId: action.id,
          name: action.name,
          projectId: action.projectId,
          customerId: action.customerId,
          changes: { mail: 'destination_failing' },
        });
    });
    if (mail) await this.mailAdmins(action, next, action.fallback !== null);
    return true;
  }

  private async mailAdmins(
    action: CheckableAction,
    health: DestinationHealthRow,
    hasFallback: boolean,
  ): Promise<void> {
    const link = `${this.options.publicUrl}/projects/${action.projectId}/actions/${action.id}`;
    for (const admin of await customerAdminsOf(this.db, action.customerId)) {
      await this.mailer.send(
        destinationFailingMail(
          admin,
          { action: action.name, url: health.url, error: health.lastError ?? '', link },
          hasFallback,
        ),
      );
    }
  }

  /** The job's timer belongs to the app (started by buildApp, stopped when the app closes). */
  start(everyMs = HOUR_MS): JobTimer {
    return startJobTimer(() => this.runOnce(), this.options.onError, everyMs);
  }
}
