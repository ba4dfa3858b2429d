// The project's time zone on the real app and database: set on create and update (validated
// against the IANA list, audited), defaulting to the customer's usual zone; statistics, the heat
// map and the CSV exports count a Dutch café's evening scan on its own evening, across the
// daylight-saving switches; a changed zone keeps the days already counted on their dates.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../../../src/server/services/statistics.js';
import { recordScans, type ScanInput } from '../../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../../helpers/testApp.js';

let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

async function newProject(body: Record<string, unknown> = {}) {
  const response = await call(t.app, 'POST', '/api/projects', {
    cookie,
    body: { name: `Café ${ulid()}`, ...body },
  });
  return response;
}

async function projectIn(timeZone: string): Promise<string> {
  const response = await newProject({ timeZone });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function scans(projectId: string, rows: ScanInput[]): Promise<void> {
  await recordScans(t.db, { customerId: t.ids.customers.demo, projectId }, rows);
}

async function statistics(projectId: string, from: string, to: string): Promise<Statistics> {
  const response = await call(
    t.app,
    'GET',
    `/api/analytics/timeseries?projectId=${projectId}&from=${from}&to=${to}`,
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const nonZero = (answer: Statistics) =>
  answer.data.filter((point) => point.scans > 0).map((p) => [p.bucket, p.scans]);

describe('the project time zone: input', () => {
  it('is kept on create and update, shown on the project, and audited', async () => {
    const id = await projectIn('America/New_York');
    const read = await call(t.app, 'GET', `/api/projects/${id}`, { cookie });
    expect(read.json().data.timeZone).toBe('America/New_York');

    const update = await call(t.app, 'PUT', `/api/projects/${id}`, {
      cookie,
      body: { timeZone: 'Asia/Tokyo' },
    });
    expect(update.statusCode, update.body).toBeLessThan(300);
    const after = await call(t.app, 'GET', `/api/projects/${id}`, { cookie });
    expect(after.json().data.timeZone).toBe('Asia/Tokyo');
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'changes'])
      .where('itemId', '=', id)
      .where('action', '=', 'updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '{}')).toMatchObject({
      fields: ['timeZone'],
      timeZone: { from: 'America/New_York', to: 'Asia/Tokyo' },
    });
  });

  it('defaults to the customer’s newest project’s zone, and to Europe/Amsterdam without one', async () => {
    await projectIn('Pacific/Auckland');
    const response = await newProject();
    expect(response.statusCode).toBe(201);
    expect(response.json().data.timeZone).toBe('Pacific/Auckland');

    // A customer without projects: Amsterdam.
    const admin = await login(t.app, DEMO.admin);
    const customer = await t.db
      .selectFrom('customers')
      .select('id')
      .where('id', 'not in', [t.ids.customers.demo])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('projects').select('id').whereRef('customerId', '=', 'customers.id'),
          ),
        ),
      )
      .executeTakeFirst();
    if (customer) {
      const fresh = await call(t.app, 'POST', '/api/projects', {
        cookie: admin,
        body: { name: 'First', customerId: customer.id },
      });
      expect(fresh.json().data.timeZone).toBe('Europe/Amsterdam');
    }
    const acme = await call(t.app, 'POST', '/api/projects', {
      cookie: admin,
      body: { name: 'Acme next', customerId: t.ids.customers.acme },
    });
    expect(acme.json().data.timeZone).toBe('Europe/Amsterdam');
  });

  it('refuses what is not an IANA zone, at the field, with a translated code', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', 'CET; drop table projects', '', 42]) {
      const response = await newProject({ timeZone });
      expect(response.statusCode, String(timeZone)).toBe(422);
      const error = response.json().errors[0];
      expect(error.source.pointer).toBe('/timeZone');
      if (typeof timeZone === 'string') expect(error.code).toBe('time_zone');
    }
    const id = await projectIn('Europe/Amsterdam');
    const update = await call(t.app, 'PUT', `/api/projects/${id}`, {
      cookie,
      body: { timeZone: 'Europe/Atlantis' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors[0]).toMatchObject({
      code: 'time_zone',
      source: { pointer: '/timeZone' },
    });
  });
});

describe('statistics in the project time zone', () => {
  it('counts a Dutch café’s evening scan on that evening, winter and summer', async () => {
    const amsterdam = await projectIn('Europe/Amsterdam');
    const utc = await projectIn('UTC');
    const rows: ScanInput[] = [
      // Friday 16 January 2026, 22:30 in Amsterdam = 21:30 UTC (winter time, UTC+1).
      { scannedAt: '2026-01-16T21:30:00.000Z' },
      // Saturday 17 January, 00:30 in Amsterdam = Friday 23:30 UTC.
      { scannedAt: '2026-01-16T23:30:00.000Z' },
      // Friday 17 July 2026, 22:30 in Amsterdam = 20:30 UTC (summer time, UTC+2).
      { scannedAt: '2026-07-17T20:30:00.000Z' },
    ];
    await scans(amsterdam, rows);
    await scans(utc, rows);

    const winter = await statistics(amsterdam, '2026-01-15', '2026-01-18');
    expect(winter.meta.timeZone).toBe('Europe/Amsterdam');
    expect(nonZero(winter)).toEqual([
      ['2026-01-15T23:00:00.000Z', 1], // Friday 16 January, Amsterdam
      ['2026-01-16T23:00:00.000Z', 1], // Saturday 17 January, Amsterdam
    ]);
    // The heat map: Friday 22:00 and Saturday 00:00 where the café is.
    expect(winter.meta.heatmap[4][22]).toBe(1);
    expect(winter.meta.heatmap[5][0]).toBe(1);
    // The same scans in a UTC project both fall on Friday, at 21:00 and 23:00.
    const inUtc = await statistics(utc, '2026-01-15', '2026-01-18');
    expect(nonZero(inUtc)).toEqual([['2026-01-16T00:00:00.000Z', 2]]);
    expect(inUtc.meta.heatmap[4][21]).toBe(1);
    expect(inUtc.meta.heatmap[4][23]).toBe(1);

    const summer = await statistics(amsterdam, '2026-07-17', '2026-07-17');
    expect(summer.meta.granularity).toBe('hour');
    expect(nonZero(summer)).toEqual([['2026-07-17T20:00:00.000Z', 1]]);
    expect(summer.meta.heatmap[4][22]).toBe(1);
    // A date-only range is the café's whole day: 17 July 00:00 to 24:00 in Amsterdam.
    expect(summer.meta.from).toBe('2026-07-16T22:00:00.000Z');
    expect(summer.meta.to).toBe('2026-07-17T21:59:59.999Z');

    // The CSV exports say when, where the café is.
    const csv = await call(
      t.app,
      'GET',
      `/api/analytics/export?projectId=${amsterdam}&chart=timeseries&from=2026-01-15&to=2026-01-18`,
      { cookie },
    );
    expect(csv.body).toContain('2026-01-15T23:00:00.000Z,2026-01-16T00:00+01:00,1,0');
    const raw = await call(
      t.app,
      'GET',
      `/api/analytics/scans.csv?projectId=${amsterdam}&from=2026-07-17&to=2026-07-17`,
      { cookie },
    );
    const lines = raw.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith('2026-07-17T20:30:00.000Z,')).toBe(true);
    expect(lines[1].endsWith(',2026-07-17T22:30+02:00')).toBe(true);
  });

  it('counts the daylight-saving switch days as 23 and 25 hours, each scan on its own day', async () => {
    const amsterdam = await projectIn('Europe/Amsterdam');
    await scans(amsterdam, [
      // Sunday 29 March 2026: 00:30 local (+01:00) and 23:30 local (+02:00).
      { scannedAt: '2026-03-28T23:30:00.000Z' },
      { scannedAt: '2026-03-29T21:30:00.000Z' },
      // Sunday 25 October 2026: 00:30 local (+02:00), 02:30 twice (+02:00, then +01:00), 23:30.
      { scannedAt: '2026-10-24T22:30:00.000Z' },
      { scannedAt: '2026-10-25T00:30:00.000Z' },
      { scannedAt: '2026-10-25T01:30:00.000Z' },
      { scannedAt: '2026-10-25T22:30:00.000Z' },
    ]);
    const spring = await statistics(amsterdam, '2026-03-29', '2026-03-29');
    expect(spring.data).toHaveLength(23);
    expect(spring.meta.total).toBe(2);
    const springWeek = await statistics(amsterdam, '2026-03-28', '2026-03-30');
    expect(nonZero(springWeek)).toEqual([['2026-03-28T23:00:00.000Z', 2]]);

    const autumn = await statistics(amsterdam, '2026-10-25', '2026-10-25');
    expect(autumn.data).toHaveLength(25);
    expect(autumn.meta.total).toBe(4);
    // Both 02:30s are Sunday 02:00 in the heat map.
    expect(autumn.meta.heatmap[6][2]).toBe(2);
    const autumnDays = await statistics(amsterdam, '2026-10-24', '2026-10-26');
    expect(nonZero(autumnDays)).toEqual([['2026-10-24T22:00:00.000Z', 4]]);
  });

  it('keeps the days already counted on their dates when the zone changes', async () => {
    const id = await projectIn('Europe/Amsterdam');
    await scans(id, [
      { scannedAt: '2026-01-16T21:30:00.000Z', country: 'NL' },
      { scannedAt: '2026-01-20T10:00:00.000Z', country: 'BE' },
    ]);
    const update = await call(t.app, 'PUT', `/api/projects/${id}`, {
      cookie,
      body: { timeZone: 'America/New_York' },
    });
    expect(update.statusCode).toBeLessThan(300);
    // A scan after the change counts in New York's day: 21 January 23:30 there.
    await scans(id, [{ scannedAt: '2026-01-22T04:30:00.000Z', country: 'US' }]);

    const answer = await statistics(id, '2026-01-12', '2026-01-25');
    expect(answer.meta.timeZone).toBe('America/New_York');
    expect(answer.meta.total).toBe(3);
    expect(nonZero(answer)).toEqual([
      ['2026-01-16T05:00:00.000Z', 1], // 16 January, as it was counted
      ['2026-01-20T05:00:00.000Z', 1],
      ['2026-01-21T05:00:00.000Z', 1],
    ]);
    const countries = Object.fromEntries(answer.meta.byCountry.map((e) => [e.key, e.scans]));
    expect(countries).toEqual({ NL: 1, BE: 1, US: 1 });
    // One day alone reads the whole day it was counted in.
    expect((await statistics(id, '2026-01-20', '2026-01-20')).meta.byCountry).toEqual([
      expect.objectContaining({ key: 'BE', scans: 1 }),
    ]);
    // The whole month reads January's month rows: summed again from the moved days, and the heat
    // map's cells counted again from the hours in New York (Friday 16:30, Tuesday 05:00,
    // Wednesday 23:30 there).
    const month = await statistics(id, '2026-01-01', '2026-01-31');
    expect(month.meta.total).toBe(3);
    expect(Object.fromEntries(month.meta.byCountry.map((e) => [e.key, e.scans]))).toEqual(
      countries,
    );
    const cells = month.meta.heatmap.flatMap((row, day) =>
      row.flatMap((n, hour) => (n > 0 ? [[day, hour, n]] : [])),
    );
    expect(cells).toEqual([
      [1, 5, 1],
      [2, 23, 1],
      [4, 16, 1],
    ]);
  });
});
