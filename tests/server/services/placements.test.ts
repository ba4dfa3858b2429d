// Placements (issue 16 part 7) through HTTP: QR codes made in bulk for one QR link, the limits,
// bad input, and their statistics side by side from the rollups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkQrCodeThroughApi, recordScans, setCustomerLimits } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

describe('placements', () => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;
  let actionId: string;
  const url = () => `/api/projects/${projectId}/actions/${actionId}/placements`;

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await login(t.app, DEMO.customeradmin);
    projectId = t.ids.projects.demoLinked;
    ({ actionId } = await linkQrCodeThroughApi(
      t.app,
      cookie,
      projectId,
      'https://shop.example.org',
    ));
  });
  afterAll(() => t.close());

  it('makes one QR code per name in one change, with linked audit rows', async () => {
    const response = await call(t.app, 'POST', url(), {
      cookie,
      body: { names: ['Station poster', 'Flyer', 'Packaging'] },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data as {
      id: string;
      name: string;
      code: string;
      scanUrl: string;
      action: { id: string } | null;
    }[];
    expect(created.map((row) => row.name)).toEqual(['Station poster', 'Flyer', 'Packaging']);
    expect(new Set(created.map((row) => row.code)).size).toBe(3);
    for (const row of created) expect(row.scanUrl).toContain(row.code);

    const stored = await t.db
      .selectFrom('qrCodes')
      .select(['id', 'actionId'])
      .where(
        'id',
        'in',
        created.map((row) => row.id),
      )
      .execute();
    expect(stored.every((row) => row.actionId === actionId)).toBe(true);

    const parent = await t.db
      .selectFrom('auditLogs')
      .select(['id', 'type', 'action'])
      .where('itemId', '=', actionId)
      .where('action', '=', 'added')
      .executeTakeFirstOrThrow();
    const children = await t.db
      .selectFrom('auditLogs')
      .select(['itemId', 'type'])
      .where('parentId', '=', parent.id)
      .execute();
    expect(children.map((row) => row.itemId).sort()).toEqual(created.map((row) => row.id).sort());
    expect(children.every((row) => row.type === 'qr_code')).toBe(true);
  });

  it('keeps to the plan limits with the error of a single create, and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('qrCodes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customerId', '=', t.ids.customers.demo)
            .where('trashedAt', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await setCustomerLimits(t.db, t.ids.customers.demo, { maxQrCodes: before + 1 });
    try {
      const response = await call(t.app, 'POST', url(), {
        cookie,
        body: { names: ['One', 'Two'] },
      });
      expect(response.statusCode).toBe(422);
      const single = await call(t.app, 'POST', `/api/projects/${projectId}/qr-codes`, {
        cookie,
        body: { name: 'A', actionId },
      });
      expect(single.statusCode).toBe(201); // one more still fits
      const full = await call(t.app, 'POST', `/api/projects/${projectId}/qr-codes`, {
        cookie,
        body: { name: 'B', actionId },
      });
      expect(response.json().errors[0].code).toBe(full.json().errors[0].code);
      expect(response.json().errors[0].code).toBe('max_qr_codes_customer');
      expect(await count()).toBe(before + 1);
    } finally {
      await setCustomerLimits(t.db, t.ids.customers.demo, { maxQrCodes: -1 });
    }
  });

  it.each([
    [{ names: [] }, '/names'],
    [{ names: ['Poster', '   '] }, '/names/1'],
    [{ names: 'Poster' }, '/names'],
    [{ names: Array.from({ length: 101 }, (_, i) => `P${i}`) }, '/names'],
  ])('answers %j with a 422 at the field', async (body, pointer) => {
    const response = await call(t.app, 'POST', url(), { cookie, body });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe(pointer);
  });

  it('compares the placements over a range from the rollups', async () => {
    const made = await call(t.app, 'POST', url(), {
      cookie,
      body: { names: ['Bus stop', 'Menu'] },
    });
    const [busStop, menu] = made.json().data as { id: string }[];
    const scan = (itemId: string, scannedAt: string, isUnique: 0 | 1 = 0) => ({
      itemId,
      scannedAt,
      isUnique,
    });
    await recordScans(t.db, { customerId: t.ids.customers.demo, projectId }, [
      scan(busStop.id, '2026-03-02T10:00:00.000Z', 1),
      scan(busStop.id, '2026-03-02T11:00:00.000Z'),
      scan(busStop.id, '2026-03-05T09:00:00.000Z', 1),
      scan(menu.id, '2026-03-03T12:00:00.000Z', 1),
      // Outside the range.
      scan(menu.id, '2026-04-20T12:00:00.000Z', 1),
    ]);
    const response = await call(t.app, 'GET', `${url()}?from=2026-03-01&to=2026-03-31`, { cookie });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as {
      id: string;
      scans: number;
      uniqueVisitors: number;
      share: number;
    }[];
    const of = (id: string) => rows.find((row) => row.id === id)!;
    expect(of(busStop.id)).toMatchObject({ scans: 3, uniqueVisitors: 2, share: 0.75 });
    expect(of(menu.id)).toMatchObject({ scans: 1, uniqueVisitors: 1, share: 0.25 });
    expect(rows[0].id).toBe(busStop.id); // most scanned first
    expect(response.json().meta.scans).toBe(4);

    // The same figure as the placement's own statistics page.
    const own = await call(
      t.app,
      'GET',
      `/api/analytics/timeseries?projectId=${projectId}&itemId=${busStop.id}&from=2026-03-01&to=2026-03-31`,
      { cookie },
    );
    expect(own.json().meta.total).toBe(3);

    const bad = await call(t.app, 'GET', `${url()}?from=2026-03-31&to=2026-03-01`, { cookie });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe('/to');
  });

  it("does not show another customer's QR link", async () => {
    const other = await login(t.app, DEMO.other);
    const response = await call(
      t.app,
      'GET',
      `/api/projects/${t.ids.projects.acme}/actions/${actionId}/placements`,
      { cookie: other },
    );
    expect(response.statusCode).toBe(404);
  });
});
