// After a burst of real scans through the scan service, every number a user sees agrees: the QR
// code list's scan column, the statistics total, the plan usage (project status) and the live
// view; each chart's CSV export holds the chart's data, and the raw export holds every scan.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../../../src/server/services/statistics.js';
import { localIso } from '../../../../../src/shared/timeZone.js';
import { linkQrCodeThroughApi } from '../../../../helpers/factories.js';
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

const PERSON =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function get(url: string) {
  const response = await call(t.app, 'GET', url, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('after a burst of scans', () => {
  it('list counts, statistics totals, plan usage and the live view agree; CSV matches the chart', async () => {
    const created = await call(t.app, 'POST', '/api/projects', {
      cookie,
      body: { name: `Burst ${ulid()}` },
    });
    const pid = created.json().data.id as string;
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push(await linkQrCodeThroughApi(t.app, cookie, pid, `https://example.com/${i}`));
    }
    const perCode = [7, 3, 0];
    const requests: Promise<unknown>[] = [];
    codes.forEach((code, i) => {
      for (let n = 0; n < perCode[i]; n++) {
        requests.push(
          t.app.inject({
            url: `/s/${code.code}`,
            headers: { 'user-agent': PERSON, 'x-forwarded-for': `10.0.0.${n}` },
          }),
        );
      }
      // Bots are answered but never counted.
      requests.push(t.app.inject({ url: `/s/${code.code}`, headers: { 'user-agent': BOT } }));
    });
    await Promise.all(requests);
    await t.app.scanRecorder.flush();
    const people = perCode.reduce((a, b) => a + b, 0);

    const list = (await get(`/api/projects/${pid}/qr-codes?perPage=25`)).json();
    const listed = new Map<string, number>(
      list.data.map((row: { id: string; scans: number }) => [row.id, row.scans]),
    );
    expect(codes.map((code) => listed.get(code.id))).toEqual(perCode);

    const stats: Statistics = (await get(`/api/analytics/timeseries?projectId=${pid}`)).json();
    expect(stats.meta.total).toBe(people);
    expect(stats.meta.bots).toBe(3);
    expect(stats.meta.topQrCodes.map((item) => item.scans)).toEqual([7, 3]);
    const one: Statistics = (
      await get(`/api/analytics/timeseries?projectId=${pid}&itemId=${codes[0].id}`)
    ).json();
    expect(one.meta.total).toBe(7);

    const status = (await get(`/api/projects/${pid}/status`)).json();
    expect(status.data.used.scans).toBe(people);

    const live = (await get(`/api/analytics/live?projectId=${pid}`)).json();
    expect(
      live.data.reduce((sum: number, minute: { scans: number }) => sum + minute.scans, 0),
    ).toBe(people);

    // Each chart's CSV is the chart's data.
    const csvOf = async (chart: string) => {
      const response = await get(`/api/analytics/export?projectId=${pid}&chart=${chart}`);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      return response.body
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
    };
    const series = await csvOf('timeseries');
    expect(series[0]).toEqual(['bucket', 'local', 'scans', 'uniqueVisitors']);
    expect(series.slice(1)).toEqual(
      stats.data.map((p) => [
        p.bucket,
        localIso(Date.parse(p.bucket), stats.meta.timeZone),
        String(p.scans),
        String(p.uniqueVisitors),
      ]),
    );
    const devices = await csvOf('device');
    expect(devices.slice(1)).toEqual(stats.meta.byDevice.map((e) => [e.key, String(e.scans)]));
    const heat = await csvOf('heatmap');
    expect(heat.slice(1).map((row) => row.slice(1).map(Number))).toEqual(stats.meta.heatmap);

    // The raw export: every scan, people and bots, one line each after the header.
    const raw = await get(`/api/analytics/scans.csv?projectId=${pid}`);
    const lines = raw.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'scannedAt,itemType,itemId,kind,device,os,browser,country,referrer,isUnique,isBot,scannedAtLocal',
    );
    expect(lines).toHaveLength(1 + people + 3);
  });

  it('answers 422 for an unknown chart', async () => {
    const response = await call(
      t.app,
      'GET',
      `/api/analytics/export?projectId=${t.ids.projects.demoLinked}&chart=pie`,
      { cookie },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe('/chart');
  });
});
