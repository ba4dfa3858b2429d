// The rollups against a recount from the raw rows, for random scan sets written in random
// batches (as the recorder's flushes write them) around hour, day, week and month boundaries and
// Europe/Amsterdam's daylight-saving switches; the statistics answer against a naive bucketing
// with Intl; the backfill (idempotent) and the retention job (exactly the old rows).
import fc from 'fast-check';
import { sql } from 'kysely';
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLLUP_BACKFILL_KEY } from '../../../src/server/db/migrations/0015_scan_rollups.js';
import { writePlatformSetting } from '../../../src/server/repositories/platformSettings.js';
import { applyRetention, backfillRollups } from '../../../src/server/services/scanMaintenance.js';
import { statisticsOf } from '../../../src/server/services/statistics.js';
import {
  RollupAccumulator,
  type RollupRow,
  type RollupSource,
} from '../../../src/server/scan/rollup.js';
import { buildProject, recordScans, type ScanInput } from '../../helpers/factories.js';
import { createTestDb, customersWithRetention, type TestDb } from './helpers.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
});

const ZONE = 'Europe/Amsterdam';
const MINUTE = 60_000;
/** Boundaries worth crossing: DST in (31 Mar 01:00Z) and out (27 Oct 01:00Z), a month's and a
 *  year's end, a Sunday→Monday week start (local midnight), a plain hour. */
const EDGES = [
  '2024-03-31T01:00:00.000Z',
  '2024-10-27T01:00:00.000Z',
  '2024-02-29T23:00:00.000Z',
  '2023-12-31T23:00:00.000Z',
  '2024-04-28T22:00:00.000Z',
  '2024-06-12T10:00:00.000Z',
].map(Date.parse);

const scanArb = fc.record({
  edge: fc.constantFrom(...EDGES),
  minutes: fc.integer({ min: -26 * 60, max: 26 * 60 }),
  ms: fc.integer({ min: 0, max: MINUTE - 1 }),
  item: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom('scan', 'scan', 'scan', 'ad_view'),
  isBot: fc.constantFrom(0, 0, 0, 1),
  isUnique: fc.constantFrom(0, 1),
  device: fc.constantFrom('mobile', 'desktop', null),
  country: fc.constantFrom('NL', 'BE', null),
});

type ScanArb = typeof scanArb extends fc.Arbitrary<infer T> ? T : never;

const projectIds = { customerId: ulid() };

/** The scans as rows, and written in `batches` consecutive transactions. */
async function writeInBatches(
  projectId: string,
  items: string[],
  scans: ScanArb[],
  cuts: number[],
): Promise<void> {
  const rows: ScanInput[] = scans.map((s) => ({
    itemId: items[s.item],
    kind: s.kind,
    scannedAt: new Date(s.edge + s.minutes * MINUTE + s.ms).toISOString(),
    isBot: s.isBot === 1 ? 1 : 0,
    isUnique: s.isUnique === 1 ? 1 : 0,
    device: s.device,
    country: s.country,
  }));
  const bounds = [...new Set([0, ...cuts.map((c) => c % (rows.length + 1)), rows.length])].sort(
    (a, b) => a - b,
  );
  for (let i = 0; i + 1 < bounds.length; i++) {
    await recordScans(t.db, { ...projectIds, projectId }, rows.slice(bounds[i], bounds[i + 1]));
  }
}

type Counts = Record<string, number>;

async function rollupCounts(projectId: string): Promise<Counts> {
  const rows = await t.db
    .selectFrom('scanRollups')
    .select(['scopeId', 'period', 'dimension', 'bucket', 'value', 'scans', 'uniques'])
    .where('projectId', '=', projectId)
    .execute();
  const counts: Counts = {};
  for (const r of rows) {
    let bucket = r.bucket;
    if (r.period === 'day' || r.period === 'month') {
      // A daily or monthly row starts at a local midnight (a month's on its first day); name it
      // by its local date or month.
      expect(localHour(Date.parse(bucket))).toBe(0);
      bucket = localDate(Date.parse(bucket));
      if (r.period === 'month') {
        expect(bucket.slice(8)).toBe('01');
        bucket = bucket.slice(0, 7);
      }
    }
    const key = `${r.scopeId}|${r.period}|${r.dimension}|${bucket}|${r.value}`;
    counts[key] = Number(r.scans);
    if (Number(r.uniques) > 0) counts[`${key}|u`] = Number(r.uniques);
  }
  return counts;
}

/** The same numbers straight from the raw rows, counted naively (Intl for the local day). */
async function recount(projectId: string): Promise<Counts> {
  const counts: Counts = {};
  const add = (key: string, unique: number) => {
    counts[key] = (counts[key] ?? 0) + 1;
    if (unique) counts[`${key}|u`] = (counts[`${key}|u`] ?? 0) + 1;
  };
  const rows = await t.db
    .selectFrom('scans')
    .selectAll()
    .where('projectId', '=', projectId)
    .execute();
  for (const r of rows) {
    const hour = `${r.scannedAt.slice(0, 13)}:00:00.000Z`;
    const day = localDate(Date.parse(r.scannedAt));
    const month = day.slice(0, 7);
    const bot = r.isBot === 1;
    const dimension = bot ? 'bot' : r.kind === 'scan' ? 'total' : r.kind;
    const unique = bot ? 0 : r.isUnique;
    const scopes =
      dimension === 'total' || dimension === 'bot' ? [r.itemId, projectId] : [r.itemId];
    for (const scope of scopes) {
      add(`${scope}|hour|${dimension}|${hour}|`, unique);
      add(`${scope}|day|${dimension}|${day}|`, unique);
      add(`${scope}|month|${dimension}|${month}|`, unique);
      if (scope !== projectId) add(`${scope}|all|${dimension}||`, unique);
      if (dimension !== 'total') continue;
      for (const column of ['device', 'os', 'browser', 'country', 'referrer'] as const) {
        add(`${scope}|day|${column}|${day}|${r[column] ?? 'unknown'}`, unique);
        add(`${scope}|month|${column}|${month}|${r[column] ?? 'unknown'}`, unique);
      }
      // The heat map's cell: local weekday (0 = Monday) and hour, per local month.
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const hourOfDay = String(localHour(Date.parse(r.scannedAt))).padStart(2, '0');
      add(`${scope}|month|weekhour|${month}|${weekday}-${hourOfDay}`, unique);
    }
  }
  return counts;
}

const localDate = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: ZONE });
const localHour = (ms: number) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(ms),
    ),
  );
/** A local date's bucket key by granularity, by plain date arithmetic. */
function keyOf(date: string, granularity: string): string {
  if (granularity === 'month') return date.slice(0, 7);
  if (granularity === 'year') return date.slice(0, 4);
  if (granularity !== 'week') return date;
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

describe('rollups', () => {
  it('equal a recount from the raw rows, however the scans were batched', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(scanArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (scans, cuts) => {
          const projectId = ulid();
          await writeInBatches(projectId, [ulid(), ulid(), ulid()], scans, cuts);
          expect(await rollupCounts(projectId)).toEqual(await recount(projectId));
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each([
    // Local days (the project is in Amsterdam) around both switches: day, week, month buckets.
    ['2024-03-29', '2024-04-02'],
    ['2024-10-25', '2024-10-29'],
    ['2024-10-01', '2024-11-03'],
    ['2023-12-01', '2024-04-30'],
  ])('bucket %s … %s in the project’s time zone like a naive recount', async (from, to) => {
    await fc.assert(
      fc.asyncProperty(fc.array(scanArb, { minLength: 1, maxLength: 60 }), async (scans) => {
        const projectId = ulid();
        await writeInBatches(projectId, [ulid(), ulid(), ulid()], scans, []);
        const range = {
          from: new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 3600_000),
          to: new Date(Date.parse(`${to}T23:59:59.999Z`) - 2 * 3600_000),
        };
        // The local midnights that bound the range (Amsterdam is UTC+1 or +2).
        range.from = new Date(
          [range.from.getTime(), range.from.getTime() + 3600_000].find(
            (ms) => localDate(ms) === from && localHour(ms) === 0,
          ) ?? NaN,
        );
        range.to = new Date(
          [range.to.getTime(), range.to.getTime() + 3600_000].find(
            (ms) => localDate(ms) === to && localDate(ms + 1) !== to,
          ) ?? NaN,
        );
        const answer = await statisticsOf(
          t.db,
          { projectId, timeZone: ZONE, scopeIds: [projectId], withTopItems: true },
          range.from,
          range.to,
        );
        const expected: Record<string, number> = {};
        const heat: Record<string, number> = {};
        let total = 0;
        for (const s of scans) {
          const at = s.edge + s.minutes * MINUTE + s.ms;
          if (s.kind !== 'scan' || s.isBot === 1) continue;
          if (at < range.from.getTime() || at > range.to.getTime()) continue;
          const key = keyOf(localDate(at), answer.meta.granularity);
          expected[key] = (expected[key] ?? 0) + 1;
          const weekday = (new Date(`${localDate(at)}T00:00:00Z`).getUTCDay() + 6) % 7;
          heat[`${weekday}:${localHour(at)}`] = (heat[`${weekday}:${localHour(at)}`] ?? 0) + 1;
          total++;
        }
        const got: Record<string, number> = {};
        for (const point of answer.data) {
          if (point.scans > 0)
            got[keyOf(localDate(Date.parse(point.bucket)), answer.meta.granularity)] = point.scans;
          // Each bucket starts at a local midnight.
          expect(localHour(Date.parse(point.bucket))).toBe(0);
        }
        expect(got).toEqual(expected);
        expect(answer.meta.total).toBe(total);
        const gotHeat: Record<string, number> = {};
        answer.meta.heatmap.forEach((row, day) =>
          row.forEach((n, hour) => {
            if (n > 0) gotHeat[`${day}:${hour}`] = n;
          }),
        );
        expect(gotHeat).toEqual(heat);
        const byDevice = answer.meta.byDevice.reduce((sum, entry) => sum + entry.scans, 0);
        expect(byDevice).toBe(total);
      }),
      { numRuns: 10 },
    );
  });
});

describe('the answer from daily and monthly rows', () => {
  it('is exactly what the hourly (and, for breakdowns, daily) rows answer, for ranges cut anywhere', async () => {
    const HOUR = 3600_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(scanArb, { minLength: 1, maxLength: 60 }),
        fc.constantFrom(...EDGES),
        fc.constantFrom(...EDGES),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: 0, max: HOUR - 1 }),
        async (scans, edgeA, edgeB, hoursA, hoursB, jitter) => {
          const projectId = ulid();
          const items = [ulid(), ulid(), ulid()];
          // Not on local midnights, so the first and last days are partial; a scan in every hour
          // of the day around each end, so a lost or doubled hour at a day's edge shows.
          const ends = [edgeA + hoursA * HOUR + jitter, edgeB + hoursB * HOUR + HOUR - 1 - jitter];
          const edgeScans = ends.flatMap((end) =>
            Array.from({ length: 51 }, (_, i): ScanArb => ({
              ...scans[0],
              edge: end,
              minutes: (i - 25) * 60,
              kind: 'scan',
              isBot: 0,
            })),
          );
          await writeInBatches(projectId, items, [...scans, ...edgeScans], []);
          const [from, to] = ends.sort((a, b) => a - b).map((ms) => new Date(ms));
          for (const scopeIds of [[projectId], [items[0], items[1]]]) {
            const scope = { projectId, timeZone: ZONE, scopeIds, withTopItems: false };
            const monthly = await statisticsOf(t.db, scope, from, to);
            const daily = await statisticsOf(t.db, scope, from, to, 'day');
            const hourly = await statisticsOf(t.db, scope, from, to, 'hour');
            expect(monthly).toEqual(hourly);
            expect(daily).toEqual(hourly);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('backfill', () => {
  it('folds raw rows from before the rollups in once, and a second run changes nothing', async () => {
    const projectId = ulid();
    const itemId = ulid();
    const scans: ScanInput[] = Array.from({ length: 30 }, (_, i) => ({
      itemId,
      scannedAt: new Date(EDGES[i % EDGES.length] + i * 7 * MINUTE).toISOString(),
      isUnique: i % 2 === 0 ? 1 : 0,
      isBot: i % 5 === 0 ? 1 : 0,
      device: i % 3 === 0 ? null : 'mobile',
    }));
    // Raw rows only, as an older version wrote them; the migration's marker covers them.
    const before = await sql<{ max: number | null }>`select max(id) as max from scans`.execute(
      t.db,
    );
    await t.db
      .insertInto('scans')
      .values(
        scans.map((s) => ({
          customerId: projectIds.customerId,
          projectId,
          itemType: 'qr_code',
          itemId,
          kind: 'scan',
          device: 'mobile',
          os: 'iOS',
          browser: 'Mobile Safari',
          country: 'NL',
          referrer: null,
          isUnique: 0,
          isBot: 0,
          ...s,
        })),
      )
      .execute();
    const after = await sql<{ max: number }>`select max(id) as max from scans`.execute(t.db);
    await writePlatformSetting(t.db, ROLLUP_BACKFILL_KEY, {
      through: Number(before.rows[0].max ?? 0),
      upTo: Number(after.rows[0].max),
    });

    expect(await backfillRollups(t.db, 7)).toBe(30);
    const once = await rollupCounts(projectId);
    expect(await backfillRollups(t.db, 7)).toBe(0);
    expect(await rollupCounts(projectId)).toEqual(once);
    expect(once).toEqual(await recount(projectId));
  });
});

describe('retention', () => {
  it('deletes exactly the raw rows older than each customer’s retention, and keeps the rollups', async () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    const day = 24 * 3600_000;
    const customers = await customersWithRetention(t.db, [400, 30]);
    // Retention goes project by project: a second project, in the trash, is cut as well.
    const trashed = await buildProject(t.db, {
      customerId: customers[1].id,
      trashedAt: now.toISOString(),
    });
    const ages = [1, 29, 30.5, 31, 399, 400.5, 401, 800];
    const scansAt = ages.map((age) => ({
      scannedAt: new Date(now.getTime() - age * day).toISOString(),
    }));
    for (const c of customers) {
      await recordScans(t.db, { customerId: c.id, projectId: c.project }, scansAt);
    }
    await recordScans(t.db, { customerId: customers[1].id, projectId: trashed }, scansAt);
    const rollupsBefore = await Promise.all(customers.map((c) => rollupCounts(c.project)));

    const { deleted } = await applyRetention(t.db, { now, batchSize: 2, pauseMs: 0 });
    const left = async (customerId: string) =>
      (
        await t.db
          .selectFrom('scans')
          .select('scannedAt')
          .where('customerId', '=', customerId)
          .orderBy('scannedAt', 'desc')
          .execute()
      ).map((row) => (now.getTime() - Date.parse(row.scannedAt)) / day);
    expect(await left(customers[0].id)).toEqual([1, 29, 30.5, 31, 399]);
    expect(await left(customers[1].id)).toEqual([1, 1, 29, 29]);
    expect(deleted).toBe(3 + 6 + 6);
    const rollupsAfter = await Promise.all(customers.map((c) => rollupCounts(c.project)));
    expect(rollupsAfter).toEqual(rollupsBefore);
  });
});

describe('folding alike rows before the rollups', () => {
  // Kathmandu is 5:45 ahead of UTC: runs of rows a few minutes apart cross UTC hours, and the
  // local day changes between 18:00 and 19:00 UTC.
  const zones = new Map([['P', 'Asia/Kathmandu']]);
  const localMidnight = Date.parse('2024-06-12T18:15:00.000Z');
  const runArb = fc.record({
    scan: scanArb,
    minutes: fc.integer({ min: -40, max: 40 }),
    repeats: fc.integer({ min: 1, max: 5 }),
    stepMinutes: fc.integer({ min: 0, max: 7 }),
  });

  it('adds what adding the rows one by one adds, for runs of alike rows around a local midnight', () => {
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 30 }), (runs) => {
        const rows: RollupSource[] = runs.flatMap(({ scan, minutes, repeats, stepMinutes }) =>
          Array.from({ length: repeats }, (_, i) => ({
            projectId: 'P',
            itemType: 'qr_code',
            itemId: `I${scan.item}`,
            kind: scan.kind,
            scannedAt: new Date(
              localMidnight + (minutes + i * stepMinutes) * MINUTE + scan.ms,
            ).toISOString(),
            device: scan.device,
            country: scan.country,
            isUnique: scan.isUnique,
            isBot: scan.isBot,
          })),
        );
        const folded = new RollupAccumulator(zones).addAll(rows);
        const oneByOne = new RollupAccumulator(zones);
        for (const row of rows) oneByOne.add(row);
        const sorted = (accumulator: RollupAccumulator) =>
          accumulator.rows().sort((a, b) => rollupKey(a).localeCompare(rollupKey(b)));
        expect(sorted(folded)).toEqual(sorted(oneByOne));
        expect(folded.countedPerProject).toEqual(oneByOne.countedPerProject);
      }),
    );
  });
});

const rollupKey = (r: RollupRow) =>
  `${r.scopeId}|${r.period}|${r.dimension}|${r.bucket}|${r.value}`;
