// The promises the one write path keeps, through the API and the real scan route: a change is
// honoured by the very next scan (the cache hears every committed change), and a change that
// fails writes no audit row and publishes no event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../src/server/events/bus.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});

afterAll(async () => {
  await t.close();
});

async function ok<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await call(t.app, method, url, { cookie, body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return (response.body ? response.json().data : undefined) as T;
}

async function newProject(): Promise<string> {
  return (await ok<{ id: string }>('POST', '/api/projects', { name: 'Write path' })).id;
}

async function linkAction(projectId: string, link: string): Promise<string> {
  const action = await ok<{ id: string }>('POST', `/api/projects/${projectId}/actions`, {
    name: 'Destination',
    objectType: 'link',
    data: { link },
  });
  return action.id;
}

async function qrCode(projectId: string, actionId: string): Promise<{ id: string; code: string }> {
  return ok('POST', `/api/projects/${projectId}/qr-codes`, { name: 'Poster', actionId });
}

const scan = (code: string) =>
  t.app.inject({
    method: 'GET',
    url: `/s/${code}`,
    headers: { 'user-agent': IPHONE, 'accept-language': 'en' },
    remoteAddress: '8.8.8.8',
  });

describe('the scan path hears every committed change', () => {
  it('a trashed project stops its codes on the very next scan', async () => {
    const projectId = await newProject();
    const { code } = await qrCode(projectId, await linkAction(projectId, 'https://a.example/'));
    expect((await scan(code)).statusCode).toBe(302); // now cached
    await ok('DELETE', `/api/projects/${projectId}/trash`);
    const after = await scan(code);
    expect(after.statusCode).not.toBe(302);
    expect(after.headers.location).toBeUndefined();
  });

  it('tracking off: the next scan stores no device, OS or browser', async () => {
    const projectId = await newProject();
    const { id, code } = await qrCode(projectId, await linkAction(projectId, 'https://b.example/'));
    await scan(code); // cached with tracking on
    await ok('PUT', `/api/projects/${projectId}`, { tracking: false });
    await scan(code);
    await t.app.scanRecorder.flush();
    const rows = await t.db
      .selectFrom('scans')
      .select(['device', 'os', 'browser'])
      .where('itemId', '=', id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0].os).toBe('iOS');
    expect(rows[1]).toEqual({ device: null, os: null, browser: null });
  });

  it('an Action change moves every code using it on the next request', async () => {
    const projectId = await newProject();
    const actionId = await linkAction(projectId, 'https://old.example/');
    const first = await qrCode(projectId, actionId);
    const second = await qrCode(projectId, actionId);
    const link = await ok<{ uri: string }>('POST', `/api/projects/${projectId}/short-links`, {
      name: 'Short',
      uri: `wp-${Date.now()}`,
      actionId,
    });
    for (const code of [first.code, second.code, link.uri]) {
      expect((await scan(code)).headers.location).toBe('https://old.example/');
    }
    await ok('PUT', `/api/projects/${projectId}/actions/${actionId}`, {
      name: 'Destination',
      objectType: 'link',
      data: { link: 'https://new.example/' },
    });
    for (const code of [first.code, second.code, link.uri]) {
      expect((await scan(code)).headers.location).toBe('https://new.example/');
    }
  });
});

describe('the unit of work', () => {
  it('publishes one event per audit row, naming the item and its code', async () => {
    const projectId = await newProject();
    const actionId = await linkAction(projectId, 'https://d.example/');
    const heard: DomainEvent[] = [];
    const unsubscribe = t.app.events.subscribe((events) => heard.push(...events));
    try {
      const created = await qrCode(projectId, actionId);
      expect(heard).toEqual([
        {
          type: 'qr_code',
          action: 'created',
          customerId: t.ids.customers.demo,
          projectId,
          ids: [created.id],
          codes: [created.code],
        },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('a change that fails inside its transaction writes no audit row and publishes nothing', async () => {
    const projectId = await newProject();
    const heard: DomainEvent[] = [];
    const unsubscribe = t.app.events.subscribe((events) => heard.push(...events));
    const auditRows = () =>
      t.db
        .selectFrom('auditLogs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const before = await auditRows();
    const work = t.app.writePath.for({
      client: 'dashboard',
      userId: t.ids.users.customeradmin,
      customerId: t.ids.customers.demo,
      device: null,
      environment: 'test',
    });
    try {
      await expect(
        work.run(async ({ trx, record }) => {
          await trx
            .updateTable('projects')
            .set({ name: 'Renamed' })
            .where('id', '=', projectId)
            .execute();
          await record({ type: 'project', action: 'updated', itemId: projectId, projectId });
          throw new Error('the second half of the change fails');
        }),
      ).rejects.toThrow('the second half');
    } finally {
      unsubscribe();
    }
    expect(heard).toEqual([]);
    expect(await auditRows()).toBe(before);
    const project = await t.db
      .selectFrom('projects')
      .select('name')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(project.name).toBe('Write path');
  });

  it('a refused change through the API (limit, validation) publishes nothing', async () => {
    const heard: DomainEvent[] = [];
    const unsubscribe = t.app.events.subscribe((events) => heard.push(...events));
    try {
      const refused = await call(t.app, 'POST', '/api/projects', { cookie, body: { name: '' } });
      expect(refused.statusCode).toBe(422);
      const foreign = await call(t.app, 'DELETE', `/api/projects/${t.ids.projects.acme}/trash`, {
        cookie,
      });
      expect(foreign.statusCode).toBe(404);
    } finally {
      unsubscribe();
    }
    expect(heard).toEqual([]);
  });

  it('an edit keeps the changed fields before and after in its audit row', async () => {
    const projectId = await newProject();
    const actionId = await linkAction(projectId, 'https://e.example/');
    const { id } = await qrCode(projectId, actionId);
    await ok('PUT', `/api/projects/${projectId}/qr-codes/${id}`, { name: 'Renamed poster' });
    const row = await t.db
      .selectFrom('auditLogs')
      .select('changes')
      .where('itemId', '=', id)
      .where('action', '=', 'updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.changes ?? '{}')).toMatchObject({
      before: { name: 'Poster' },
      after: { name: 'Renamed poster' },
    });
  });
});
