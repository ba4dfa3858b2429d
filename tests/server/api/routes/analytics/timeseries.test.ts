// GET /api/analytics/timeseries on the real app and database: buckets per granularity, zero-filled
// gaps, what counts (scans by people) and what does not, breakdowns, and tenant scoping.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../../../src/server/services/statistics.js';
import {
  recordScans,
  type ScanInput,
  buildAction,
  buildQrCode,
} from '../../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../../helpers/testApp.js';

let t: TestApp;
const cookies = { admin: '', customeradmin: '', user: '', other: '' };
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) {
    cookies[role] = await login(t.app, DEMO[role]);
  }
  // These tests check the bucketing itself, in UTC; the time-zone tests below use their own.
  await t.db
    .updateTable('projects')
    .set({ timeZone: 'UTC' })
    .where('id', '=', t.ids.projects.demoLinked)
    .execute();
});
afterAll(async () => {
  await t.close();
});

/** Records the scans, with a QR code row for each item id (statistics answer only real items). */
async function insertScans(rows: ScanInput[]): Promise<void> {
  const known = new Set((await t.db.selectFrom('qrCodes').select('id').execute()).map((r) => r.id));
  for (const row of rows) {
    if (!row.itemId || known.has(row.itemId)) continue;
    known.add(row.itemId);
    const owner = {
      customerId: t.ids.customers.demo,
      projectId: row.projectId ?? t.ids.projects.demoLinked,
    };
    await buildQrCode(t.db, owner, { id: row.itemId, name: 'Stats' });
  }
  await recordScans(
    t.db,
    { customerId: t.ids.customers.demo, projectId: t.ids.projects.demoLinked },
    rows,
  );
}

/** A fresh project of the demo customer, so project-wide numbers see only this test's rows. */
async function newProject(timeZone = 'UTC'): Promise<string> {
  const response = await call(t.app, 'POST', '/api/projects', {
    cookie: cookies.customeradmin,
    body: { name: `Stats ${ulid()}` },
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().data.id as string;
  await t.db.updateTable('projects').set({ timeZone }).where('id', '=', id).execute();
  return id;
}

async function timeseries(
  query: Record<string, string>,
  cookie = cookies.customeradmin,
): Promise<{ status: number; body: Statistics }> {
  const response = await call(
    t.app,
    'GET',
    `/api/analytics/timeseries?${new URLSearchParams(query).toString()}`,
    { cookie },
  );
  return { status: response.statusCode, body: response.json() };
}

describe('GET /analytics/timeseries: buckets', () => {
  it('counts per day over a week and fills the days without scans with zeros', async () => {
    const itemId = ulid();
    await insertScans([
      { itemId, scannedAt: '2024-05-01T08:00:00.000Z', isUnique: 1 },
      { itemId, scannedAt: '2024-05-01T09:30:00.000Z' },
      { itemId, scannedAt: '2024-05-04T23:59:59.999Z', isUnique: 1 },
    ]);
    const { status, body } = await timeseries({
      projectId: t.ids.projects.demoLinked,
      itemId,
      from: '2024-05-01',
      to: '2024-05-07',
    });
    expect(status).toBe(200);
    expect(body.meta.granularity).toBe('day');
    expect(body.data).toEqual([
      { bucket: '2024-05-01T00:00:00.000Z', scans: 2, uniqueVisitors: 1 },
      { bucket: '2024-05-02T00:00:00.000Z', scans: 0, uniqueVisitors: 0 },
      { bucket: '2024-05-03T00:00:00.000Z', scans: 0, uniqueVisitors: 0 },
      { bucket: '2024-05-04T00:00:00.000Z', scans: 1, uniqueVisitors: 1 },
      { bucket: '2024-05-05T00:00:00.000Z', scans: 0, uniqueVisitors: 0 },
      { bucket: '2024-05-06T00:00:00.000Z', scans: 0, uniqueVisitors: 0 },
      { bucket: '2024-05-07T00:00:00.000Z', scans: 0, uniqueVisitors: 0 },
    ]);
    expect(body.meta).toMatchObject({ total: 3, uniqueVisitors: 2 });
  });

  it('uses hours within one day', async () => {
    const itemId = ulid();
    await insertScans([
      { itemId, scannedAt: '2024-06-10T00:15:00.000Z' },
      { itemId, scannedAt: '2024-06-10T13:00:00.000Z' },
      { itemId, scannedAt: '2024-06-10T13:59:00.000Z' },
    ]);
    const { body } = await timeseries({
      projectId: t.ids.projects.demoLinked,
      itemId,
      from: '2024-06-10T00:00:00.000Z',
      to: '2024-06-10T23:59:59.999Z',
    });
    expect(body.meta.granularity).toBe('hour');
    expect(body.data).toHaveLength(24);
    expect(body.data[0]).toEqual({
      bucket: '2024-06-10T00:00:00.000Z',
      scans: 1,
      uniqueVisitors: 0,
    });
    expect(body.data[13].scans).toBe(2);
    expect(body.data.filter((point) => point.scans === 0)).toHaveLength(22);
  });

  it.each([
    // 30 days: ISO weeks, starting on the Monday before the first day.
    ['2024-05-01', '2024-05-31', 'week', '2024-04-29T00:00:00.000Z', 5],
    ['2024-01-01', '2024-03-31', 'month', '2024-01-01T00:00:00.000Z', 3],
    ['2022-06-01', '2024-05-31', 'year', '2022-01-01T00:00:00.000Z', 3],
  ])('%s … %s is bucketed by %s', async (from, to, granularity, firstBucket, count) => {
    const itemId = ulid();
    await insertScans([
      { itemId, scannedAt: `${from}T12:00:00.000Z` },
      { itemId, scannedAt: `${to}T12:00:00.000Z` },
    ]);
    const { body } = await timeseries({
      projectId: t.ids.projects.demoLinked,
      itemId,
      from,
      to,
    });
    expect(body.meta.granularity).toBe(granularity);
    expect(body.data).toHaveLength(count);
    expect(body.data[0]).toMatchObject({ bucket: firstBucket, scans: 1 });
    expect(body.data[count - 1].scans).toBe(1);
    expect(body.data.slice(1, -1).every((point) => point.scans === 0)).toBe(true);
  });

  it('defaults to the last 30 days', async () => {
    const itemId = ulid();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await insertScans([
      { itemId, scannedAt: daysAgo(10) },
      { itemId, scannedAt: daysAgo(29) },
      { itemId, scannedAt: daysAgo(40) },
    ]);
    const { body } = await timeseries({ projectId: t.ids.projects.demoLinked, itemId });
    expect(body.meta.granularity).toBe('week');
    expect(body.meta.total).toBe(2);
    expect(body.data.reduce((sum, point) => sum + point.scans, 0)).toBe(2);
  });
});

describe('GET /analytics/timeseries: what counts', () => {
  it('counts only scans by people in the range, of this project', async () => {
    const projectId = await newProject();
    const at = '2024-07-02T10:00:00.000Z';
    await insertScans([
      { projectId, scannedAt: at, isUnique: 1 },
      { projectId, scannedAt: at, isUnique: 1 },
      { projectId, scannedAt: at, isBot: 1 },
      { projectId, scannedAt: at, kind: 'ad_view' },
      { projectId, scannedAt: at, kind: 'ad_click' },
      { projectId, scannedAt: '2024-06-30T23:59:59.999Z' },
      { projectId, scannedAt: '2024-07-08T00:00:00.000Z' },
      { projectId: t.ids.projects.demoOther, scannedAt: at },
    ]);
    const { body } = await timeseries({ projectId, from: '2024-07-01', to: '2024-07-07' });
    expect(body.meta.total).toBe(2);
    expect(body.meta.uniqueVisitors).toBe(2);
    expect(body.data.find((point) => point.bucket.startsWith('2024-07-02'))).toMatchObject({
      scans: 2,
      uniqueVisitors: 2,
    });
  });

  it('compares with the period of the same length just before: totals and +/- %', async () => {
    const projectId = await newProject();
    await insertScans([
      // 1–7 July: 3 scans (2 unique); 24–30 June, the week before: 4 (1 unique).
      { projectId, scannedAt: '2024-07-01T00:00:00.000Z', isUnique: 1 },
      { projectId, scannedAt: '2024-07-03T12:00:00.000Z', isUnique: 1 },
      { projectId, scannedAt: '2024-07-07T23:59:00.000Z' },
      { projectId, scannedAt: '2024-06-24T00:00:00.000Z', isUnique: 1 },
      { projectId, scannedAt: '2024-06-28T08:00:00.000Z' },
      { projectId, scannedAt: '2024-06-30T23:00:00.000Z' },
      { projectId, scannedAt: '2024-06-30T23:59:59.000Z' },
      // Before the previous period: not counted anywhere.
      { projectId, scannedAt: '2024-06-23T23:00:00.000Z' },
    ]);
    const { body } = await timeseries({ projectId, from: '2024-07-01', to: '2024-07-07' });
    expect(body.meta.previous).toEqual({
      from: '2024-06-24T00:00:00.000Z',
      to: '2024-06-30T23:59:59.999Z',
      total: 4,
      uniqueVisitors: 1,
    });
    expect(body.meta.total).toBe(3);
    expect(body.meta.change).toBe(-25);
    // Growth is positive; no previous scans gives no percentage.
    const later = await timeseries({ projectId, from: '2024-06-24', to: '2024-06-30' });
    expect(later.body.meta.previous.total).toBe(1);
    expect(later.body.meta.change).toBe(300);
    const first = await timeseries({ projectId, from: '2024-06-10', to: '2024-06-16' });
    expect(first.body.meta.change).toBeNull();
  });

  it('breaks scans down by device, OS, browser, country and referrer, most first', async () => {
    const projectId = await newProject();
    const at = '2024-08-05T10:00:00.000Z';
    await insertScans([
      { projectId, scannedAt: at, referrer: 'instagram.com' },
      { projectId, scannedAt: at, referrer: 'instagram.com' },
      {
        projectId,
        scannedAt: at,
        device: 'desktop',
        os: 'Windows',
        browser: 'Chrome',
        country: 'BE',
        referrer: 'google.com',
      },
      // Tracking off: no visitor details.
      { projectId, scannedAt: at, device: null, os: null, browser: null, country: null },
    ]);
    const { body } = await timeseries({ projectId, from: '2024-08-01', to: '2024-08-07' });
    expect(body.meta.byDevice).toEqual([
      { key: 'mobile', scans: 2 },
      { key: 'desktop', scans: 1 },
      { key: 'unknown', scans: 1 },
    ]);
    expect(body.meta.byOs).toEqual([
      { key: 'iOS', scans: 2 },
      { key: 'unknown', scans: 1 },
      { key: 'Windows', scans: 1 },
    ]);
    expect(body.meta.byBrowser[0]).toEqual({ key: 'Mobile Safari', scans: 2 });
    expect(body.meta.byCountry).toEqual([
      { key: 'NL', scans: 2 },
      { key: 'BE', scans: 1 },
      { key: 'unknown', scans: 1 },
    ]);
    expect(body.meta.byReferrer).toEqual(
      [
        { key: 'instagram.com', scans: 2 },
        { key: 'unknown', scans: 1 },
        { key: 'google.com', scans: 1 },
      ].sort((a, b) => b.scans - a.scans || a.key.localeCompare(b.key)),
    );
  });

  it('narrows to one item, and an Action to the QR codes linked to it', async () => {
    const projectId = await newProject();
    const owner = { customerId: t.ids.customers.demo, projectId };
    const actionId = await buildAction(t.db, owner, {
      name: 'Link',
      data: { link: 'https://example.com' },
    });
    const { id: qrCodeId } = await buildQrCode(t.db, owner, { actionId, name: 'Poster' });
    const otherQrCodeId = ulid();
    const at = '2024-09-03T10:00:00.000Z';
    await insertScans([
      { projectId, itemId: qrCodeId, scannedAt: at },
      { projectId, itemId: qrCodeId, scannedAt: at },
      { projectId, itemId: otherQrCodeId, scannedAt: at },
    ]);
    const range = { from: '2024-09-01', to: '2024-09-07' };
    expect((await timeseries({ projectId, ...range })).body.meta.total).toBe(3);
    expect((await timeseries({ projectId, itemId: qrCodeId, ...range })).body.meta.total).toBe(2);
    expect((await timeseries({ projectId, itemId: actionId, ...range })).body.meta.total).toBe(2);
    expect((await timeseries({ projectId, itemId: otherQrCodeId, ...range })).body.meta.total).toBe(
      1,
    );
  });
});

describe('GET /analytics/timeseries: access and input', () => {
  it('answers 404 for another customer’s project', async () => {
    const { status, body } = await timeseries(
      { projectId: t.ids.projects.acme },
      cookies.customeradmin,
    );
    expect(status).toBe(404);
    expect((body as unknown as { errors: { code: string }[] }).errors[0].code).toBe(
      'project_not_found',
    );
  });

  it('answers 404 to a user for a project of the customer they are not linked to', async () => {
    expect((await timeseries({ projectId: t.ids.projects.demoOther }, cookies.user)).status).toBe(
      404,
    );
    expect((await timeseries({ projectId: t.ids.projects.demoLinked }, cookies.user)).status).toBe(
      200,
    );
  });

  it('answers 404 for an id that is not a ULID, 401 without a session', async () => {
    expect((await timeseries({ projectId: 'nope' })).status).toBe(404);
    const response = await call(
      t.app,
      'GET',
      `/api/analytics/timeseries?projectId=${t.ids.projects.demoLinked}`,
    );
    expect(response.statusCode).toBe(401);
  });

  it("refuses the platform admin: a project's statistics are its content (SPEC §2, §6)", async () => {
    expect((await timeseries({ projectId: t.ids.projects.acme }, cookies.admin)).status).toBe(403);
  });

  it.each([
    [{}, '/projectId', 'required'],
    [{ from: 'yesterday' }, '/from', 'invalid'],
    [{ from: '2024-05-10', to: '2024-05-01' }, '/to', 'date_after_or_equal'],
    [{ from: '2000-01-01', to: '2024-01-01' }, '/from', 'max'],
    [{ itemId: 'x' }, '/itemId', 'regex'],
  ])('answers 422 for %o', async (query, pointer, code) => {
    const params: Record<string, string> = { ...query };
    if (pointer !== '/projectId') params.projectId = t.ids.projects.demoLinked;
    const { status, body } = await timeseries(params);
    expect(status).toBe(422);
    const errors = (body as unknown as { errors: { code: string; source: { pointer: string } }[] })
      .errors;
    expect(errors[0]).toMatchObject({ code, source: { pointer } });
  });
});
