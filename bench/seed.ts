// The benchmark's data, written straight into the tables in big transactions: a busy project with
// 100 QR codes and SCANS raw scans over the last year (one code takes half of them), their rollups
// computed arithmetically alongside (the same rows the recorder would write: tests/server/
// analytics/rollups.test.ts proves the recorder's equal a recount), and a second project with
// 100,000 QR codes for the list timings. SQLite goes through prepared statements; PostgreSQL
// through unnest() of column arrays, 20,000 rows a statement.
import { CompiledQuery } from 'kysely';
import { sqliteHandleOf, type Db } from '../src/server/db/database.js';
import { ROLLUP_COLUMN_NAMES } from '../src/server/repositories/analytics.js';
import { rebuildProjectMonths } from '../src/server/repositories/rollupZones.js';
import { LocalDays } from '../src/server/scan/rollup.js';
import { ALWAYS_ACTIVE } from '../src/shared/activity.js';
import { DEFAULT_TIME_ZONE } from '../src/shared/timeZone.js';

export const HOT_CODE = 'bench1';
const HOUR_MS = 3600_000;
const HOURS = 365 * 24;
const COLD_ITEMS = 99;

const DEVICES = ['mobile', 'desktop', 'tablet'];
const OSES = ['iOS', 'Android', 'Windows', 'macOS', 'Linux'];
const BROWSERS = ['Mobile Safari', 'Chrome', 'Firefox', 'Edge'];
const COUNTRIES = ['NL', 'BE', 'DE', 'FR', 'GB', 'US', 'ES'];
const REFERRERS = ['instagram.com', 'google.com', 'facebook.com', 'x.com', 'linkedin.com', null];
const DIMENSIONS = [
  ['device', DEVICES],
  ['os', OSES],
  ['browser', BROWSERS],
  ['country', COUNTRIES],
  ['referrer', REFERRERS],
] as const;
const WORDS = ['poster', 'flyer', 'menu', 'table', 'window', 'label', 'card', 'banner'];

export const id = (prefix: string, n: number) =>
  `01J${prefix}${String(n).padStart(23 - prefix.length, '0')}`;

export interface BenchIds {
  customerId: string;
  busyProjectId: string;
  listProjectId: string;
  hotItemId: string;
  quietItemId: string;
  /** Raw rows written. */
  scans: number;
}

type Row = unknown[];

/** Bulk writer for one table: SQLite prepared statement, or PostgreSQL unnest arrays. */
function bulkWriter(db: Db, table: string, columns: string[], pgTypes: string[]) {
  const handle = sqliteHandleOf(db);
  const pending: Row[] = [];
  if (handle) {
    const statement = handle.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    const writeAll = handle.transaction((rows: Row[]) => {
      for (const row of rows) statement.run(row);
    });
    return {
      add: async (row: Row) => {
        pending.push(row);
        if (pending.length >= 200_000) writeAll(pending.splice(0));
      },
      done: async () => writeAll(pending.splice(0)),
    };
  }
  const text = `insert into ${table} (${columns.join(', ')}) select * from unnest(${pgTypes
    .map((type, i) => `$${i + 1}::${type}[]`)
    .join(', ')})`;
  const flush = async () => {
    const rows = pending.splice(0);
    if (rows.length === 0) return;
    const arrays = columns.map((_, c) => rows.map((row) => row[c]));
    await db.executeQuery(CompiledQuery.raw(text, arrays));
  };
  return {
    add: async (row: Row) => {
      pending.push(row);
      if (pending.length >= 20_000) await flush();
    },
    done: flush,
  };
}

async function base(db: Db, now: string) {
  const customerId = id('C', 1);
  await db
    .insertInto('customers')
    .values({
      id: customerId,
      name: 'Bench',
      adminEmail: 'bench@example.com',
      customerType: 'business',
      vatNumber: null,
      trialEndAt: null,
      progressDone: 1,
      subscriptionStatus: 'active',
      planId: null,
      billingPeriod: null,
      maxQrCodes: -1,
      maxScans: -1,
      maxStorage: -1,
      maxUsers: -1,
      maxShortLinks: -1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const project = (n: number, name: string) => ({
    id: id('P', n),
    customerId,
    name,
    description: null,
    access: '0',
    tracking: 1 as const,
    maxQrCodes: -1,
    maxScans: -1,
    maxStorage: -1,
    maxShortLinks: -1,
    usedScans: 0,
    usedStorage: 0,
    trashedAt: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insertInto('projects')
    .values([project(1, 'Busy'), project(2, 'Many codes')])
    .execute();
  await db
    .insertInto('actions')
    .values({
      id: id('A', 1),
      customerId,
      projectId: id('P', 1),
      name: 'Bench',
      objectType: 'link',
      data: JSON.stringify({ link: 'https://example.com/landing' }),
      activity: JSON.stringify(ALWAYS_ACTIVE),
      createdBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return customerId;
}

export async function seedBench(db: Db, totalScans: number): Promise<BenchIds> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const customerId = await base(db, now);
  const busyProjectId = id('P', 1);
  const listProjectId = id('P', 2);

  const codes = bulkWriter(
    db,
    'qr_codes',
    [
      'id',
      'customer_id',
      'project_id',
      'code',
      'name',
      'description',
      'action_id',
      'template_id',
      'design',
      'created_by',
      'trashed_at',
      'deleted_at',
      'created_at',
      'updated_at',
    ],
    Array(14).fill('text'),
  );
  const itemIds: string[] = [];
  for (let i = 0; i <= COLD_ITEMS; i++) {
    const itemId = id('Q', i);
    itemIds.push(itemId);
    const at = new Date(nowMs - (200 - i) * 60_000).toISOString();
    await codes.add([
      itemId,
      customerId,
      busyProjectId,
      i === 0 ? HOT_CODE : `busy${i}`,
      `Busy ${i} ${WORDS[i % WORDS.length]}`,
      null,
      id('A', 1),
      null,
      '{}',
      null,
      null,
      null,
      at,
      at,
    ]);
  }
  for (let i = 0; i < 100_000; i++) {
    const at = new Date(nowMs - (100_000 - i) * 1000).toISOString();
    await codes.add([
      id('L', i),
      customerId,
      listProjectId,
      `list${i}`,
      `${WORDS[(i * 7) % WORDS.length]} ${String((i * 7919) % 100_000).padStart(5, '0')} ${WORDS[i % WORDS.length]}`,
      null,
      null,
      null,
      '{}',
      null,
      null,
      null,
      at,
      at,
    ]);
  }
  await codes.done();

  const scans = bulkWriter(
    db,
    'scans',
    [
      'customer_id',
      'project_id',
      'item_type',
      'item_id',
      'kind',
      'scanned_at',
      'device',
      'os',
      'browser',
      'country',
      'referrer',
      'is_unique',
      'is_bot',
    ],
    [...Array(11).fill('text'), 'int', 'int'],
  );
  const rollups = bulkWriter(db, 'scan_rollups', ROLLUP_COLUMN_NAMES, [
    ...Array(7).fill('text'),
    'bigint',
    'bigint',
  ]);
  const rollup = (
    scope: string,
    type: string,
    period: string,
    dimension: string,
    bucket: string,
    value: string,
    n: number,
    u: number,
  ) => rollups.add([scope, busyProjectId, type, period, dimension, bucket, value, n, u]);

  // Per item (index 0..99, plus 100 = the project): the current local day's counts per
  // dimension value, and the running totals.
  const scopes = itemIds.length + 1;
  const newDay = () =>
    DIMENSIONS.map(([, values]) => ({
      scans: new Float64Array(values.length),
      uniques: new Float64Array(values.length),
    }));
  let dayCounts = Array.from({ length: scopes }, newDay);
  let dayTotals = Array.from({ length: scopes }, () => ({ scans: 0, uniques: 0, bots: 0 }));
  const allTotals = Array.from({ length: scopes }, () => ({ scans: 0, uniques: 0, bots: 0 }));
  const days = new LocalDays();
  const scopeOf = (s: number) =>
    s === itemIds.length ? [busyProjectId, 'project'] : [itemIds[s], 'qr_code'];
  const flushDay = async (day: string) => {
    for (let s = 0; s < scopes; s++) {
      const [scope, type] = scopeOf(s);
      const totals = dayTotals[s];
      if (totals.scans > 0)
        await rollup(scope, type, 'day', 'total', day, '', totals.scans, totals.uniques);
      if (totals.bots > 0) await rollup(scope, type, 'day', 'bot', day, '', totals.bots, 0);
      for (let d = 0; d < DIMENSIONS.length; d++) {
        const [dimension, values] = DIMENSIONS[d];
        for (let k = 0; k < values.length; k++) {
          const n = dayCounts[s][d].scans[k];
          if (n === 0) continue;
          const value = values[k] ?? 'unknown';
          await rollup(scope, type, 'day', dimension, day, value, n, dayCounts[s][d].uniques[k]);
        }
      }
    }
    dayCounts = Array.from({ length: scopes }, newDay);
    dayTotals = Array.from({ length: scopes }, () => ({ scans: 0, uniques: 0, bots: 0 }));
  };

  const startHour = Math.floor(nowMs / HOUR_MS) * HOUR_MS - (HOURS - 1) * HOUR_MS;
  let written = 0;
  let currentDay = '';
  for (let h = 0; h < HOURS; h++) {
    const hourMs = startHour + h * HOUR_MS;
    const hourIso = new Date(hourMs).toISOString();
    const day = days.dayOf(hourIso, DEFAULT_TIME_ZONE);
    if (day !== currentDay) {
      if (currentDay) await flushDay(currentDay);
      currentDay = day;
    }
    const inHour =
      Math.floor(((h + 1) * totalScans) / HOURS) - Math.floor((h * totalScans) / HOURS);
    const hot = Math.floor(inHour / 2);
    const rest = inHour - hot;
    const hourProject = { scans: 0, uniques: 0, bots: 0 };
    for (let i = 0; i < itemIds.length; i++) {
      const n =
        i === 0
          ? hot
          : Math.floor(rest / COLD_ITEMS) + ((i - 1 + h) % COLD_ITEMS < rest % COLD_ITEMS ? 1 : 0);
      const hourItem = { scans: 0, uniques: 0, bots: 0 };
      for (let j = 0; j < n; j++) {
        const isBot = j % 100 === 99 ? 1 : 0;
        const isUnique = !isBot && j % 3 === 0 ? 1 : 0;
        const values = DIMENSIONS.map(([, list]) => (j + i) % list.length);
        await scans.add([
          customerId,
          busyProjectId,
          'qr_code',
          itemIds[i],
          'scan',
          new Date(hourMs + Math.floor((j * HOUR_MS) / n)).toISOString(),
          isBot ? null : DEVICES[values[0]],
          isBot ? null : OSES[values[1]],
          isBot ? null : BROWSERS[values[2]],
          isBot ? null : COUNTRIES[values[3]],
          isBot ? null : REFERRERS[values[4]],
          isUnique,
          isBot,
        ]);
        written++;
        if (isBot) {
          hourItem.bots++;
          continue;
        }
        hourItem.scans++;
        hourItem.uniques += isUnique;
        for (const s of [i, itemIds.length]) {
          for (let d = 0; d < DIMENSIONS.length; d++) {
            // A bot row has no details; people's values come from the lists.
            dayCounts[s][d].scans[values[d]] += 1;
            dayCounts[s][d].uniques[values[d]] += isUnique;
          }
        }
      }
      for (const s of [i, itemIds.length]) {
        dayTotals[s].scans += hourItem.scans;
        dayTotals[s].uniques += hourItem.uniques;
        dayTotals[s].bots += hourItem.bots;
        allTotals[s].scans += hourItem.scans;
        allTotals[s].uniques += hourItem.uniques;
        allTotals[s].bots += hourItem.bots;
      }
      hourProject.scans += hourItem.scans;
      hourProject.uniques += hourItem.uniques;
      hourProject.bots += hourItem.bots;
      if (hourItem.scans > 0) {
        await rollup(
          itemIds[i],
          'qr_code',
          'hour',
          'total',
          hourIso,
          '',
          hourItem.scans,
          hourItem.uniques,
        );
      }
      if (hourItem.bots > 0)
        await rollup(itemIds[i], 'qr_code', 'hour', 'bot', hourIso, '', hourItem.bots, 0);
    }
    if (hourProject.scans > 0) {
      await rollup(
        busyProjectId,
        'project',
        'hour',
        'total',
        hourIso,
        '',
        hourProject.scans,
        hourProject.uniques,
      );
    }
    if (hourProject.bots > 0)
      await rollup(busyProjectId, 'project', 'hour', 'bot', hourIso, '', hourProject.bots, 0);
  }
  await flushDay(currentDay);
  for (let i = 0; i < itemIds.length; i++) {
    await rollup(
      itemIds[i],
      'qr_code',
      'all',
      'total',
      '',
      '',
      allTotals[i].scans,
      allTotals[i].uniques,
    );
    if (allTotals[i].bots > 0)
      await rollup(itemIds[i], 'qr_code', 'all', 'bot', '', '', allTotals[i].bots, 0);
  }
  await scans.done();
  await rollups.done();
  await db
    .updateTable('projects')
    .set({ usedScans: allTotals[itemIds.length].scans })
    .where('id', '=', busyProjectId)
    .execute();
  // The month rows (sums of the days above, and the heat map's cells from the hours), as
  // migration 0029 writes them for data counted before they existed.
  await rebuildProjectMonths(db, busyProjectId, DEFAULT_TIME_ZONE);
  // On PostgreSQL, vacuum too: the steady state autovacuum keeps, in which the rollup reads are
  // index-only scans (freshly inserted pages are not yet marked all-visible).
  await db.executeQuery(CompiledQuery.raw(sqliteHandleOf(db) ? 'analyze' : 'vacuum analyze'));
  return {
    customerId,
    busyProjectId,
    listProjectId,
    hotItemId: itemIds[0],
    quietItemId: itemIds[COLD_ITEMS],
    scans: written,
  };
}

/** The smart-code round's code (issue 16): an Action with five rules, only the last matching. */
export const SMART_CODE = 'benchrules';

/**
 * Five realistic rules that wrk's requests (127.0.0.1, an iPhone, no Accept-Language) meet only
 * at the last: country, language, a Sunday-night time window, a past date range, iPhone.
 */
export async function seedSmartCode(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const link = (url: string) => ({ objectType: 'link', data: { link: url } });
  const rules = [
    { name: 'Benelux', conditions: [{ type: 'country', values: ['NL', 'BE', 'LU'] }] },
    { name: 'German', conditions: [{ type: 'language', values: ['de'] }] },
    { name: 'Night', conditions: [{ type: 'time', days: ['sun'], from: '03:00', to: '03:01' }] },
    {
      name: 'Launch',
      conditions: [{ type: 'date', from: '2020-01-01T00:00:00Z', to: '2020-12-31T00:00:00Z' }],
    },
    {
      name: 'iPhone',
      conditions: [
        { type: 'device', values: ['mobile'] },
        { type: 'os', values: ['iOS'] },
      ],
    },
  ].map((rule, i) => ({ ...rule, target: link(`https://example.com/rule${i}`) }));
  const [customer] = await db
    .selectFrom('projects')
    .select('customerId')
    .where('id', '=', id('P', 1))
    .execute();
  await db
    .insertInto('actions')
    .values({
      id: id('A', 2),
      customerId: customer!.customerId,
      projectId: id('P', 1),
      name: 'Bench rules',
      objectType: 'link',
      data: JSON.stringify({ link: 'https://example.com/landing' }),
      activity: JSON.stringify(ALWAYS_ACTIVE),
      rules: JSON.stringify(rules),
      createdBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('qrCodes')
    .values({
      id: id('S', 1),
      customerId: customer!.customerId,
      projectId: id('P', 1),
      code: SMART_CODE,
      name: 'Bench rules',
      description: null,
      actionId: id('A', 2),
      templateId: null,
      design: '{}',
      createdBy: null,
      trashedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
