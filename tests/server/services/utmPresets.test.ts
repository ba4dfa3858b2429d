// GET/PUT /projects/{pid}/utm-presets (issue 16): a project's named UTM presets, saved whole with an
// audit row, validated at the field, and kept to the project they belong to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let user = '';
beforeAll(async () => {
  t = await buildTestApp();
  user = await login(t.app, DEMO.user);
});
afterAll(async () => {
  await t.close();
});

const url = (pid: string) => `/api/projects/${pid}/utm-presets`;

describe('UTM presets', () => {
  it('start empty, save with an audit row that keeps before and after, and read back', async () => {
    const pid = t.ids.projects.demoLinked;
    const empty = await call(t.app, 'GET', url(pid), { cookie: user });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [] });

    const presets = [
      { name: 'Flyer', tags: { source: 'flyer', medium: 'print', campaign: 'spring' } },
      { name: 'Newsletter', tags: { source: 'newsletter', medium: 'email' } },
    ];
    const saved = await call(t.app, 'PUT', url(pid), { cookie: user, body: { presets } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[1]).toEqual({
      name: 'Newsletter',
      tags: { source: 'newsletter', medium: 'email', campaign: '', term: '', content: '' },
    });
    const read = await call(t.app, 'GET', url(pid), { cookie: user });
    expect(read.json().data.map((preset: { name: string }) => preset.name)).toEqual([
      'Flyer',
      'Newsletter',
    ]);

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['type', 'action', 'changes'])
      .where('itemId', '=', pid)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ type: 'project', action: 'updated' });
    expect(String(audit.changes)).toContain('newsletter');
  });

  it('answers 422 at the field for a name used twice or a tag too long, and saves nothing', async () => {
    const pid = t.ids.projects.demoLinked;
    const before = (await call(t.app, 'GET', url(pid), { cookie: user })).json();
    const twice = await call(t.app, 'PUT', url(pid), {
      cookie: user,
      body: {
        presets: [
          { name: 'A', tags: {} },
          { name: 'a', tags: {} },
        ],
      },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors[0].source.pointer).toBe('/presets/1/name');
    const long = await call(t.app, 'PUT', url(pid), {
      cookie: user,
      body: { presets: [{ name: 'A', tags: { campaign: 'x'.repeat(256) } }] },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0]).toMatchObject({
      code: 'max',
      source: { pointer: '/presets/0/tags/campaign' },
    });
    expect((await call(t.app, 'GET', url(pid), { cookie: user })).json()).toEqual(before);
  });

  it('is not reachable for a project the user is not linked to', async () => {
    const response = await call(t.app, 'PUT', url(t.ids.projects.demoOther), {
      cookie: user,
      body: { presets: [] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('project_not_found');
  });
});
