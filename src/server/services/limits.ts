// Limits everywhere (issue 10, SPEC §4): project limits a customer admin sets within the
// customer's plan, the scan forecast, and the mails customer admins get at 80 % and 100 % of their
// scans. Scans never block a redirect; these only tell.
import en from '../../../locales/en.json' with { type: 'json' };
import nl from '../../../locales/nl.json' with { type: 'json' };
import type { Db } from '../db/database.js';
import type { CustomerRow } from '../db/schema.js';
import type { Mailer } from '../mail.js';
import { FORECAST_WINDOW_DAYS, scanLimitForecast } from '../../shared/billing.js';
import { UNLIMITED } from '../../shared/constants.js';
import { abbreviateCount, limitLevel } from '../../shared/rules.js';
import type { ProjectLimitsInput, UsageForecast } from '../../shared/schemas/limits.js';
import { forbidden, invalidField } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import { customerProjectTotals, findCustomer, updateCustomer } from '../repositories/customers.js';
import { updateProject } from '../repositories/projects.js';
import {
  countedScansSince,
  customerAdminsOf,
  customersWithScanLimit,
} from '../repositories/usage.js';
import { customerLimits } from './presenters.js';
import { visibleProjectOr404 } from './projects.js';
import { itemChange, type UnitOfWork, type WritePath } from './unitOfWork.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const CUSTOMER_COLUMN = {
  maxQrCodes: 'maxQrCodes',
  maxScans: 'maxScans',
  maxStorage: 'maxStorage',
  maxShortLinks: 'maxShortLinks',
} as const;

/** PUT /projects/{id}/limits: each within the customer's own limit (-1 shares the customer's). */
export async function setProjectLimits(
  db: Db,
  actor: Actor,
  projectId: string,
  input: ProjectLimitsInput,
  work: UnitOfWork,
): Promise<void> {
  if (actor.role === 'user') throw forbidden();
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, actor, projectId);
    const customer = await findCustomer(trx, project.customerId);
    if (!customer) throw forbidden();
    for (const key of Object.keys(CUSTOMER_COLUMN) as (keyof ProjectLimitsInput)[]) {
      const max = Number(customer[CUSTOMER_COLUMN[key]]);
      if (max !== UNLIMITED && input[key] > max)
        throw invalidField('max', `/${key}`, `At most the customer's limit of ${max}`, { max });
    }
    const before = {
      maxQrCodes: Number(project.maxQrCodes),
      maxScans: Number(project.maxScans),
      maxStorage: Number(project.maxStorage),
      maxShortLinks: Number(project.maxShortLinks),
    };
    await updateProject(trx, projectId, { ...input, updatedAt: new Date().toISOString() });
    await record(
      itemChange(project, 'project', 'updated', {
        id: projectId,
        name: project.name,
        before,
        after: input,
      }),
    );
  });
}

/**
 * A customer's counted scans and its scan limit. Only the projects' running totals: the whole
 * status also counts every QR code (at 100,000 codes that alone took 20 ms).
 */
async function scanUsageOf(db: Db, customer: CustomerRow) {
  const { scans } = await customerProjectTotals(db, customer.id);
  return { used: scans, total: customerLimits(customer).maxScans };
}

/** The last 30 days' scans and when the customer's scan limit is reached at that pace. */
export async function usageForecast(
  db: Db,
  customerId: string,
  now = new Date(),
): Promise<UsageForecast> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return { scansLast30Days: 0, scanLimitReachedAt: null };
  const { used, total } = await scanUsageOf(db, customer);
  const since = new Date(now.getTime() - FORECAST_WINDOW_DAYS * DAY_MS).toISOString();
  const scansLast30Days = await countedScansSince(db, customerId, since);
  const reached = scanLimitForecast(used, total, scansLast30Days, now);
  return { scansLast30Days, scanLimitReachedAt: reached?.toISOString() ?? null };
}

type NoticeLevel = 'warning' | 'error';
const MAIL_TEXTS = { en: en.app.billing.scan_mail, nl: nl.app.billing.scan_mail };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/%\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/**
 * Mails a customer's admins once when its scans reach 80 % and once at 100 % (and again after
 * its usage fell back under 80 %, e.g. with a larger plan). The app runs check() on a timer.
 */
export class ScanLimitNotices {
  constructor(
    private readonly db: Db,
    private readonly writePath: WritePath,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly environment: string,
  ) {}

  async check(): Promise<void> {
    for (const { id, scanNoticeLevel } of await customersWithScanLimit(this.db)) {
      const customer = await findCustomer(this.db, id);
      if (!customer) continue;
      const { used, total } = await scanUsageOf(this.db, customer);
      const level = limitLevel(used, total);
      const told = (scanNoticeLevel as NoticeLevel | null) ?? null;
      if (level === 'info') {
        if (told) await this.remember(id, customer.name, null);
        continue;
      }
      if (told === level || told === 'error') continue;
      await this.remember(id, customer.name, level);
      for (const admin of await customerAdminsOf(this.db, id)) {
        const texts = MAIL_TEXTS[admin.language === 'en' ? 'en' : 'nl'];
        const values = {
          name: admin.name,
          customer: customer.name,
          used: abbreviateCount(used, admin.language),
          total: abbreviateCount(total, admin.language),
          link: `${this.publicUrl}/billing`,
        };
        await this.mailer.send({
          to: admin.email,
          subject: fill(level === 'error' ? texts.subject_reached : texts.subject_warning, values),
          text: fill(level === 'error' ? texts.body_reached : texts.body_warning, values),
        });
      }
    }
  }

  private async remember(customerId: string, name: string, level: NoticeLevel | null) {
    const work = this.writePath.for({
      client: 'api',
      userId: null,
      customerId,
      device: null,
      environment: this.environment,
    });
    await work.run(async ({ trx, record }) => {
      await updateCustomer(trx, customerId, { scanNoticeLevel: level });
      if (level)
        await record({
          type: 'customer',
          action: 'send',
          itemId: customerId,
          name,
          customerId,
          changes: { mail: `scan_limit_${level}` },
        });
    });
  }
}
