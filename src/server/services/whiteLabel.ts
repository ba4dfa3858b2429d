// White-label hostnames (issue 14): platform admins add, verify and choose a customer's primary
// hostname; customer admins see theirs. A verified primary hostname becomes the base of the
// customer's scan URLs; requests for any white-label hostname reach the scan service at its root.
import { isIP } from 'node:net';
import { Resolver } from 'node:dns/promises';
import { ulid } from 'ulidx';
import type {
  WhiteLabelHostname,
  WhiteLabelHostnameUpdate,
} from '../../shared/schemas/whiteLabel.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { DomainError, invalidField, notFound } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import type { ChangeRecord, UnitOfWork } from './unitOfWork.js';
import type { AuditAction } from '../../shared/enums.js';
import type { EventBus } from '../events/bus.js';
import { withUniqueGuard } from '../repositories/executor.js';
import {
  allWhiteLabelHostnames,
  deleteWhiteLabelHostname,
  findWhiteLabelHostname,
  insertWhiteLabelHostname,
  listWhiteLabelHostnames,
  setPrimaryWhiteLabelHostname,
  updateWhiteLabelHostname,
  type WhiteLabelRow,
} from '../repositories/whiteLabel.js';
import { accessibleCustomerOr404 } from './customers.js';
import { RefreshingValue } from './refreshingValue.js';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

export function presentWhiteLabelHostname(row: WhiteLabelRow, config: Config): WhiteLabelHostname {
  return {
    id: row.id,
    customerId: row.customerId,
    hostname: row.hostname,
    primary: row.isPrimary === 1,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt,
    scheme: row.scheme === 'http' ? 'http' : 'https',
    dnsRecord: { type: 'CNAME', name: row.hostname, value: dnsTargetOf(config) },
    createdAt: row.createdAt,
  };
}

/** The name customers point their hostname at (the first name in WHITE_LABEL_TARGET). */
function dnsTargetOf(config: Config): string {
  const names = config.whiteLabelTarget.split(',').map((entry) => entry.trim());
  return names.find((entry) => entry && !isIP(entry)) ?? hostOf(config.scanBaseUrl);
}

/** The platform's own names, which no customer may claim. */
function platformHosts(config: Config): Set<string> {
  return new Set(
    [hostOf(config.scanBaseUrl), hostOf(config.publicUrl), dnsTargetOf(config)].filter(Boolean),
  );
}

/**
 * Whether `hostname` resolves to the platform: a CNAME to the target name, or an address that
 * the target (a name, or a list of addresses) has too. Asks WHITE_LABEL_DNS_SERVER when set.
 */
export async function resolvesToPlatform(hostname: string, config: Config): Promise<boolean> {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (config.whiteLabelDnsServer) resolver.setServers([config.whiteLabelDnsServer]);
  const addressesOf = async (name: string) =>
    isIP(name)
      ? [name]
      : [
          ...(await resolver.resolve4(name).catch(() => [] as string[])),
          ...(await resolver.resolve6(name).catch(() => [] as string[])),
        ];
  const targets = config.whiteLabelTarget.split(',').map((entry) => entry.trim().toLowerCase());
  const cnames = await resolver.resolveCname(hostname).catch(() => [] as string[]);
  if (cnames.some((name) => targets.includes(name.replace(/\.$/, '').toLowerCase()))) return true;
  const wanted = new Set((await Promise.all(targets.filter(Boolean).map(addressesOf))).flat());
  const actual = await addressesOf(hostname);
  return actual.some((address) => wanted.has(address));
}

/** Every white-label hostname, kept at hand for routing each request by its Host header. */
export class WhiteLabelHosts {
  private readonly current: RefreshingValue<ReadonlySet<string>>;

  constructor(db: Db) {
    this.current = new RefreshingValue(
      async () => new Set(await allWhiteLabelHostnames(db)),
      new Set<string>(),
    );
  }

  load(): Promise<ReadonlySet<string>> {
    return this.current.load();
  }

  has(host: string): boolean {
    return this.current.cached().has(host);
  }

  /** Reloads on every white-label change, of this process or (through Redis) of another. */
  follow(bus: EventBus, onError: (error: unknown) => void): void {
    bus.subscribe((events) => {
      if (events.some((event) => event.type === 'whitelabel')) this.load().catch(onError);
    });
  }
}

/** The audit row of a change to one of a customer's hostnames, filed under that customer. */
const hostnameChange = (
  row: Pick<WhiteLabelRow, 'id' | 'hostname' | 'customerId'>,
  action: AuditAction,
  changes?: Record<string, unknown>,
): ChangeRecord => ({
  type: 'whitelabel',
  action,
  itemId: row.id,
  name: row.hostname,
  customerId: row.customerId,
  ...(changes ? { changes } : {}),
});

export class WhiteLabelService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly hosts: WhiteLabelHosts,
  ) {}

  private async rowOr404(customerId: string, id: string): Promise<WhiteLabelRow> {
    const row = await findWhiteLabelHostname(this.db, customerId, id);
    if (!row) throw notFound('white_label_hostname_not_found');
    return row;
  }

  /** The customer's hostname, when the actor may reach that customer; 404 otherwise. */
  private async hostnameOr404(actor: Actor, customerId: string, id: string) {
    await accessibleCustomerOr404(this.db, actor, customerId);
    return this.rowOr404(customerId, id);
  }

  /** After a committed change: routing in this process sees it before the answer goes out (other
   * processes reload on the change's event, see WhiteLabelHosts.follow). */
  private async changed(): Promise<void> {
    await this.hosts.load();
  }

  async list(actor: Actor, customerId: string): Promise<WhiteLabelHostname[]> {
    await accessibleCustomerOr404(this.db, actor, customerId);
    const rows = await listWhiteLabelHostnames(this.db, customerId);
    return rows.map((row) => presentWhiteLabelHostname(row, this.config));
  }

  async add(
    actor: Actor,
    customerId: string,
    hostname: string,
    work: UnitOfWork,
  ): Promise<WhiteLabelHostname> {
    await accessibleCustomerOr404(this.db, actor, customerId);
    if (platformHosts(this.config).has(hostname))
      throw invalidField(
        'white_label_hostname_is_platform',
        '/hostname',
        "This is the platform's own hostname",
      );
    const id = ulid();
    const taken = () =>
      invalidField('white_label_hostname_taken', '/hostname', 'This hostname is already in use');
    await withUniqueGuard(
      () =>
        work.run(async ({ trx, record }) => {
          await insertWhiteLabelHostname(trx, {
            id,
            customerId,
            hostname,
            createdAt: new Date().toISOString(),
          });
          await record(hostnameChange({ id, hostname, customerId }, 'added'));
        }),
      taken,
    );
    await this.changed();
    return presentWhiteLabelHostname(await this.rowOr404(customerId, id), this.config);
  }

  async update(
    actor: Actor,
    customerId: string,
    id: string,
    input: WhiteLabelHostnameUpdate,
    work: UnitOfWork,
  ): Promise<WhiteLabelHostname> {
    const before = await this.hostnameOr404(actor, customerId, id);
    const isVerified = input.verified ?? before.verifiedAt !== null;
    if (input.primary && !isVerified)
      throw invalidField(
        'white_label_hostname_not_verified',
        '/primary',
        'Only a verified hostname can be primary',
      );
    await work.run(async ({ trx, record }) => {
      const verifiedAt =
        input.verified === undefined
          ? before.verifiedAt
          : input.verified
            ? (before.verifiedAt ?? new Date().toISOString())
            : null;
      await updateWhiteLabelHostname(trx, id, {
        verifiedAt,
        ...(input.scheme ? { scheme: input.scheme } : {}),
        // An unverified hostname cannot stay primary.
        ...(input.primary === false || verifiedAt === null ? { isPrimary: 0 } : {}),
      });
      if (input.primary && verifiedAt !== null)
        await setPrimaryWhiteLabelHostname(trx, customerId, id);
      await record(
        hostnameChange(before, 'updated', {
          before: {
            primary: before.isPrimary === 1,
            verified: before.verifiedAt !== null,
            scheme: before.scheme,
          },
          after: input,
        }),
      );
    });
    await this.changed();
    return presentWhiteLabelHostname(await this.rowOr404(customerId, id), this.config);
  }

  /** Looks the hostname up in DNS; verified when it resolves to the platform. */
  async verify(
    actor: Actor,
    customerId: string,
    id: string,
    work: UnitOfWork,
  ): Promise<WhiteLabelHostname> {
    const row = await this.hostnameOr404(actor, customerId, id);
    const verified = await resolvesToPlatform(row.hostname, this.config);
    if (!verified && row.verifiedAt === null)
      throw new DomainError(
        'invalid',
        'white_label_hostname_not_verified',
        `${row.hostname} does not resolve to ${dnsTargetOf(this.config)} yet`,
        '/hostname',
      );
    return this.update(actor, customerId, id, { verified }, work);
  }

  async remove(actor: Actor, customerId: string, id: string, work: UnitOfWork) {
    const row = await this.hostnameOr404(actor, customerId, id);
    await work.run(async ({ trx, record }) => {
      await deleteWhiteLabelHostname(trx, id);
      await record(hostnameChange(row, 'deleted'));
    });
    await this.changed();
  }
}
