// Times what the dashboard asks of the database at size: every statistics answer (project and
// items, 365/30/7 days and today), the project status, the start page's scan forecast, and the
// QR code list (page, search, sort, deep page), each run RUNS times, reporting median and p95
// against the goals.
import type { Db } from '../src/server/db/database.js';
import { listQrCodes } from '../src/server/repositories/qrCodes.js';
import { projectUsage } from '../src/server/repositories/projects.js';
import { scanCountsOf } from '../src/server/repositories/projectItems.js';
import { ReadPool } from '../src/server/services/readPool.js';
import { statisticsOf } from '../src/server/services/statistics.js';
import { usageForecast } from '../src/server/services/limits.js';
import type { BenchIds } from './seed.js';

/**
 * Runs per query. By nearest rank, the p95 of 15 runs was their slowest: one hiccup of the machine
 * decided it (a broad search read 35.5 ms median and 52.3 ms "p95" at 10 M scans). With 40 runs
 * it is the 38th, so two slow runs in forty are the 5 % the goal leaves out.
 */
const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 40);
const DAY_MS = 86_400_000;

export interface Timing {
  name: string;
  median: number;
  p95: number;
  /** Which figure the goal applies to. */
  goal: { figure: 'median' | 'p95'; ms: number };
}

async function time(name: string, goal: Timing['goal'], work: () => Promise<unknown>) {
  await work(); // warm: statements prepared, pages cached
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  return { name, median: quantile(ms, 0.5), p95: quantile(ms, 0.95), goal } satisfies Timing;
}

/** The q-quantile of `values` by nearest rank (0.5: the median of an odd count). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The 365-day project statistics' arguments: what a viewer beside the redirect load asks. */
export function yearOfProject(ids: Pick<BenchIds, 'busyProjectId'>) {
  const to = new Date();
  return [
    { projectId: ids.busyProjectId, scopeIds: [ids.busyProjectId], withTopItems: true },
    new Date(to.getTime() - 365 * DAY_MS),
    to,
  ] as const;
}

export async function timeQueries(db: Db, ids: BenchIds, statsGoalMs: number): Promise<Timing[]> {
  const stats = { figure: 'median', ms: statsGoalMs } as const;
  const list = { figure: 'p95', ms: 50 } as const;
  const to = new Date();
  const range = (days: number) => new Date(to.getTime() - days * DAY_MS);
  const project = (days: number) => () =>
    statisticsOf(
      db,
      { projectId: ids.busyProjectId, scopeIds: [ids.busyProjectId], withTopItems: true },
      range(days),
      to,
    );
  const item = (itemId: string, days: number) => () =>
    statisticsOf(
      db,
      { projectId: ids.busyProjectId, scopeIds: [itemId], withTopItems: false },
      range(days),
      to,
    );
  const today = new Date(to);
  today.setUTCHours(0, 0, 0, 0);
  const page = (projectId: string, query: Record<string, unknown>) => async () => {
    const { rows } = await listQrCodes(db, projectId, {
      page: 1,
      perPage: 25,
      order: 'ASC',
      ...query,
    } as Parameters<typeof listQrCodes>[2]);
    // The list's scan column, as the API presents it.
    return scanCountsOf(
      db,
      'qr_code',
      rows.map((row) => row.id),
    );
  };
  const timings: Timing[] = [];
  const add = async (name: string, goal: Timing['goal'], work: () => Promise<unknown>) => {
    const timing = await time(name, goal, work);
    timings.push(timing);
    console.log(
      `${name.padEnd(44)} median ${timing.median.toFixed(1).padStart(7)} ms   p95 ${timing.p95.toFixed(1).padStart(7)} ms   (goal ${goal.figure} < ${goal.ms} ms)`,
    );
  };
  await add('statistics: project, 365 days', stats, project(365));
  // What the API does on SQLite: the same read on a reader thread, answer cloned back.
  const pool = new ReadPool(db);
  if (pool.threaded) {
    await add('statistics: project, 365 days, reader thread', stats, () =>
      pool.run('statistics', ...yearOfProject(ids)),
    );
  }
  await pool.close();
  await add('statistics: project, 30 days', stats, project(30));
  await add('statistics: project, 7 days', stats, project(7));
  await add('statistics: project, today', stats, () =>
    statisticsOf(
      db,
      { projectId: ids.busyProjectId, scopeIds: [ids.busyProjectId], withTopItems: true },
      today,
      to,
    ),
  );
  await add('statistics: hottest code, 365 days', stats, item(ids.hotItemId, 365));
  await add('statistics: quiet code, 365 days', stats, item(ids.quietItemId, 365));
  await add('statistics: quiet code, 30 days', stats, item(ids.quietItemId, 30));
  await add('project status (plan usage)', stats, () => projectUsage(db, [ids.busyProjectId]));
  await add('start page: scan forecast, 30 days', stats, () =>
    usageForecast(db, ids.customerId, to),
  );
  await add('QR list, busy project, page 1 with scans', stats, page(ids.busyProjectId, {}));
  await add('QR list, 100k codes: page 1', list, page(ids.listProjectId, {}));
  await add(
    'QR list, 100k codes: search "menu 0421"',
    list,
    page(ids.listProjectId, { q: 'menu 0421' }),
  );
  // A broad search (a quarter of the codes match): the page walks the sort index (itemList.ts).
  await add('QR list, 100k codes: search "menu"', list, page(ids.listProjectId, { q: 'menu' }));
  await add('QR list, 100k codes: sorted by name', list, page(ids.listProjectId, { sort: 'name' }));
  await add('QR list, 100k codes: page 4,000', list, page(ids.listProjectId, { page: 4000 }));
  await add(
    'QR list, 100k codes: page 4,000 by name',
    list,
    page(ids.listProjectId, { page: 4000, sort: 'name' }),
  );
  return timings;
}

export const missed = (timings: Timing[]) =>
  timings.filter((t) => (t.goal.figure === 'median' ? t.median : t.p95) >= t.goal.ms);
