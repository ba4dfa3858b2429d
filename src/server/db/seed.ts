// Demo data for a fresh database: customer Demo BV in trial with an admin, a customer admin and a
// user linked to one of its two projects, plus Acme Corp with its own project and user, so
// tenant isolation can be seen (and tested) from the first start.
import { ulid } from 'ulidx';
import { TRIAL_DAYS, TRIAL_LIMITS, UNLIMITED } from '../../shared/constants.js';
import type { Role } from '../../shared/enums.js';
import { insertCustomer } from '../repositories/customers.js';
import { insertPlans } from '../repositories/plans.js';
import { insertProject, insertProjectUserLink } from '../repositories/projects.js';
import { insertUser } from '../repositories/users.js';
import { hashPassword } from '../security.js';
import { seedDemoContent } from './seedContent.js';
import type { Db } from './database.js';
import type { Executor } from '../repositories/executor.js';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', role: 'admin', note: 'platform admin' },
  { email: 'customeradmin@example.com', role: 'customeradmin', note: 'customer admin of Demo BV' },
  { email: 'user@example.com', role: 'user', note: 'user of Demo BV (one project)' },
  { email: 'other@example.com', role: 'user', note: 'user of Acme Corp' },
] as const;

export interface SeededIds {
  plans: { starter: string; business: string; enterprise: string };
  customers: { demo: string; acme: string };
  users: { admin: string; customeradmin: string; user: string; other: string };
  /** demoLinked is linked to user@example.com; demoOther is not. */
  projects: { demoLinked: string; demoOther: string; acme: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the operator asked for the demo (accounts with the published password): DEMO=true
 * always, DEMO=false or NODE_ENV=production never; otherwise the embedded SQLite database of
 * `npm start` gets it and a PostgreSQL database (a real install) does not.
 */
export function wantsDemo(env: NodeJS.ProcessEnv, isEmbedded: boolean): boolean {
  if (env.DEMO === 'true' || env.DEMO === '1') return true;
  if (env.DEMO === 'false' || env.DEMO === '0') return false;
  if (env.NODE_ENV === 'production') return false;
  return isEmbedded;
}

/** True when nothing has been stored yet: the seed never touches a database in use. */
export async function isFreshDatabase(db: Db): Promise<boolean> {
  const customer = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !customer && !user;
}

/** The plans customers choose from; every new database gets them, with or without the demo. */
export async function insertDefaultPlans(
  db: Executor,
  plans: SeededIds['plans'] = { starter: ulid(), business: ulid(), enterprise: ulid() },
  at: string = new Date().toISOString(),
): Promise<void> {
  await insertPlans(db, [
    {
      id: plans.starter,
      name: 'Starter',
      priceMonthCents: 195,
      priceYearCents: 2106,
      maxQrCodes: 10,
      maxScans: 10_000,
      maxStorage: 100_000_000,
      maxUsers: 2,
      maxShortLinks: 10,
      supportLevel: 'basic',
      createdAt: at,
    },
    {
      id: plans.business,
      name: 'Business',
      priceMonthCents: 1495,
      priceYearCents: 16146,
      maxQrCodes: 250,
      maxScans: 500_000,
      maxStorage: 5_000_000_000,
      maxUsers: 10,
      maxShortLinks: 250,
      supportLevel: 'basic',
      createdAt: at,
    },
    {
      id: plans.enterprise,
      name: 'Enterprise',
      priceMonthCents: 4995,
      priceYearCents: 53946,
      maxQrCodes: UNLIMITED,
      maxScans: UNLIMITED,
      maxStorage: 50_000_000_000,
      maxUsers: UNLIMITED,
      maxShortLinks: UNLIMITED,
      supportLevel: 'premium',
      createdAt: at,
    },
  ]);
}

export async function seedDemoData(db: Db, now: Date = new Date()): Promise<SeededIds> {
  const at = now.toISOString();
  // One hash for every demo account: hashing is slow on purpose, and these are demo passwords.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: SeededIds = {
    plans: { starter: ulid(), business: ulid(), enterprise: ulid() },
    customers: { demo: ulid(), acme: ulid() },
    users: { admin: ulid(), customeradmin: ulid(), user: ulid(), other: ulid() },
    projects: { demoLinked: ulid(), demoOther: ulid(), acme: ulid() },
  };

  await db.transaction().execute(async (trx) => {
    await insertDefaultPlans(trx, ids.plans, at);

    const customer = (id: string, name: string, adminEmail: string) => ({
      id,
      name,
      adminEmail,
      customerType: 'business',
      vatNumber: null,
      trialEndAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      progressDone: 0 as const,
      subscriptionStatus: 'trial',
      planId: null,
      billingPeriod: null,
      ...TRIAL_LIMITS,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await insertCustomer(trx, customer(ids.customers.demo, 'Demo BV', 'customeradmin@example.com'));
    await insertCustomer(trx, customer(ids.customers.acme, 'Acme Corp', 'other@example.com'));

    const user = (
      id: string,
      customerId: string | null,
      name: string,
      email: string,
      role: Role,
    ) => ({
      id,
      customerId,
      name,
      email,
      passwordHash,
      role,
      language: 'nl',
      avatarMediaId: null,
      verified: 1 as const,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await insertUser(trx, user(ids.users.admin, null, 'Admin', 'admin@example.com', 'admin'));
    await insertUser(
      trx,
      user(
        ids.users.customeradmin,
        ids.customers.demo,
        'Demo Admin',
        'customeradmin@example.com',
        'customeradmin',
      ),
    );
    await insertUser(
      trx,
      user(ids.users.user, ids.customers.demo, 'Demo User', 'user@example.com', 'user'),
    );
    await insertUser(
      trx,
      user(ids.users.other, ids.customers.acme, 'Acme User', 'other@example.com', 'user'),
    );

    const project = (id: string, customerId: string, name: string, description: string) => ({
      id,
      customerId,
      name,
      description,
      access: '0',
      tracking: 1 as const,
      maxQrCodes: UNLIMITED,
      maxScans: UNLIMITED,
      maxStorage: UNLIMITED,
      maxShortLinks: UNLIMITED,
      usedScans: 0,
      usedStorage: 0,
      trashedAt: null,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await insertProject(
      trx,
      project(
        ids.projects.demoLinked,
        ids.customers.demo,
        'Website',
        'QR codes on the website and flyers',
      ),
    );
    await insertProject(
      trx,
      project(
        ids.projects.demoOther,
        ids.customers.demo,
        'Events',
        'Posters and tickets for events',
      ),
    );
    await insertProject(
      trx,
      project(ids.projects.acme, ids.customers.acme, 'Acme Launch', 'Product launch campaign'),
    );
    await insertProjectUserLink(trx, {
      projectId: ids.projects.demoLinked,
      userId: ids.users.user,
      canManage: 0,
      createdAt: at,
    });
    await insertProjectUserLink(trx, {
      projectId: ids.projects.acme,
      userId: ids.users.other,
      canManage: 0,
      createdAt: at,
    });
    await seedDemoContent(
      trx,
      {
        customerId: ids.customers.demo,
        projectId: ids.projects.demoLinked,
        otherProjectId: ids.projects.demoOther,
      },
      at,
    );
  });
  return ids;
}
