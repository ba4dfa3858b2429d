import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../../helpers/testApp.js';
import { buildContactQrCode } from './helpers.js';
import { buildMedia } from '../../../../helpers/factories.js';

let t: TestApp;
let admin = '';
let customeradmin = '';
let user = '';
let other = '';
let pid = '';
let pidNotLinked = '';
let acmePid = '';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  customeradmin = await login(t.app, DEMO.customeradmin);
  user = await login(t.app, DEMO.user);
  other = await login(t.app, DEMO.other);
  pid = t.ids.projects.demoLinked;
  pidNotLinked = t.ids.projects.demoOther;
  acmePid = t.ids.projects.acme;
});
afterAll(async () => {
  await t.close();
});

const base = (projectId: string) => `/api/projects/${projectId}/themes`;

async function createTheme(name: string, settings: unknown = {}, cookie = customeradmin) {
  const res = await call(t.app, 'POST', base(pid), { cookie, body: { name, settings } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; isActive: boolean; settings: Record<string, unknown> };
}

async function activeIds(projectId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('themes')
    .select('id')
    .where('projectId', '=', projectId)
    .where('isActive', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

describe('CRUD', () => {
  it('creates with defaults, reads, lists, updates, duplicates and deletes, with audit rows', async () => {
    const created = await createTheme('Brand');
    expect(created.isActive).toBe(false);
    expect(created.settings).toMatchObject({
      colors: { primary: '#fd1056' },
      background: { type: 'color', gradient: { angle: 180 } },
      font: null,
      socialIcons: [],
    });

    const read = await call(t.app, 'GET', `${base(pid)}/${created.id}`, { cookie: user });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe('Brand');

    const list = await call(t.app, 'GET', `${base(pid)}?q=bra`, { cookie: user });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(1);
    expect(list.json().data[0].id).toBe(created.id);

    const updated = await call(t.app, 'PUT', `${base(pid)}/${created.id}`, {
      cookie: user,
      body: {
        name: 'Brand 2',
        settings: {
          colors: { primary: '#112233' },
          background: {
            type: 'gradient',
            gradient: { angle: 360, from: '#000000', to: '#FFFFFF' },
          },
          font: { family: 'Open Sans', subset: 'latin-ext', variant: '700italic' },
          socialIcons: [
            { type: 'instagram', link: 'https://instagram.com/brand' },
            { type: 'email', link: 'hello@example.com' },
          ],
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const data = updated.json().data;
    expect(data.name).toBe('Brand 2');
    expect(data.settings.background.gradient).toEqual({
      angle: 360,
      from: '#000000',
      to: '#ffffff',
    });
    expect(data.settings.socialIcons[1].link).toBe('mailto:hello@example.com');

    const copy = await call(t.app, 'POST', `${base(pid)}/${created.id}/duplicate`, {
      cookie: user,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ name: 'Brand 2 (copy)', isActive: false });
    expect(copy.json().data.settings.colors.primary).toBe('#112233');

    const removed = await call(t.app, 'DELETE', `${base(pid)}/${created.id}`, { cookie: user });
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(t.app, 'GET', `${base(pid)}/${created.id}`, { cookie: user })).statusCode,
    ).toBe(404);

    const audits = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'itemId'])
      .where('type', '=', 'theme')
      .where('itemId', 'in', [created.id, copy.json().data.id])
      .execute();
    expect(audits.map((row) => row.action).sort()).toEqual(
      ['created', 'deleted', 'duplicated', 'updated'].sort(),
    );
  });
});

describe('validation', () => {
  it.each([
    [
      'an angle over 360',
      { background: { gradient: { angle: 361 } } },
      '/settings/background/gradient/angle',
      'between',
    ],
    [
      'an unknown font family',
      { font: { family: 'Comic Sans MS', subset: 'latin', variant: 'regular' } },
      '/settings/font/family',
      'in',
    ],
    [
      'a subset the family lacks',
      { font: { family: 'Roboto', subset: 'hebrew', variant: 'regular' } },
      '/settings/font/subset',
      'in',
    ],
    [
      'a variant the family lacks',
      { font: { family: 'Abel', subset: 'latin', variant: '700' } },
      '/settings/font/variant',
      'in',
    ],
    [
      'a colour that is not #rrggbb',
      { colors: { primary: 'red' } },
      '/settings/colors/primary',
      'regex',
    ],
    [
      'an unknown social icon type',
      { socialIcons: [{ type: 'myspace', link: 'https://x.example' }] },
      '/settings/socialIcons/0/type',
      'in',
    ],
    [
      'a javascript: link',
      { socialIcons: [{ type: 'youtube', link: 'javascript:alert(1)' }] },
      '/settings/socialIcons/0/link',
      'url',
    ],
    [
      'ten social icons',
      {
        socialIcons: Array.from({ length: 10 }, () => ({
          type: 'youtube',
          link: 'https://youtube.com/x',
        })),
      },
      '/settings/socialIcons',
      'array_length_max',
    ],
    ['a logo size of 1000', { logo: { size: 1000 } }, '/settings/logo/size', 'between'],
    ['a button radius of 51', { button: { radius: 51 } }, '/settings/button/radius', 'between'],
  ])('refuses %s with 422 at its pointer', async (_name, settings, pointer, code) => {
    const res = await call(t.app, 'POST', base(pid), {
      cookie: customeradmin,
      body: { name: 'Bad', settings },
    });
    expect(res.statusCode).toBe(422);
    const error = res
      .json()
      .errors.find(
        (candidate: { source?: { pointer: string } }) => candidate.source?.pointer === pointer,
      );
    expect(error, res.body).toBeDefined();
    expect(error.code).toBe(code);
  });

  it('gives the bounds of the angle in meta', async () => {
    const res = await call(t.app, 'POST', base(pid), {
      cookie: customeradmin,
      body: { name: 'Bad', settings: { background: { gradient: { angle: 400 } } } },
    });
    expect(res.json().errors[0]).toMatchObject({
      code: 'between',
      source: { pointer: '/settings/background/gradient/angle' },
      meta: { min: 0, max: 360 },
    });
  });

  it('requires a name', async () => {
    const res = await call(t.app, 'POST', base(pid), { cookie: customeradmin, body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: 'required', source: { pointer: '/name' } });
  });

  it("accepts only this project's images as logo and background", async () => {
    const own = await buildMedia(t.db, { customerId: t.ids.customers.demo, projectId: pid });
    const foreign = await buildMedia(t.db, {
      customerId: t.ids.customers.acme,
      projectId: acmePid,
    });
    const bad = await call(t.app, 'POST', base(pid), {
      cookie: customeradmin,
      body: { name: 'Logo', settings: { logo: { mediaId: foreign } } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe('/settings/logo/mediaId');
    const badImage = await call(t.app, 'POST', base(pid), {
      cookie: customeradmin,
      body: { name: 'Bg', settings: { background: { type: 'image', imageMediaId: foreign } } },
    });
    expect(badImage.json().errors[0].source.pointer).toBe('/settings/background/imageMediaId');

    const good = await createTheme('Logo', { logo: { mediaId: own, size: 96 } });
    expect(good.settings).toMatchObject({ logo: { mediaId: own, size: 96 } });
    const row = await t.db
      .selectFrom('themes')
      .select('logoMediaId')
      .where('id', '=', good.id)
      .executeTakeFirstOrThrow();
    expect(row.logoMediaId).toBe(own);

    // DELETE …/logo clears it.
    const deleted = await call(t.app, 'DELETE', `${base(pid)}/${good.id}/logo`, {
      cookie: user,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await call(t.app, 'GET', `${base(pid)}/${good.id}`, { cookie: user });
    expect(after.json().data.settings.logo.mediaId).toBeNull();
  });
});

describe('activate', () => {
  it('keeps exactly one active theme per project', async () => {
    const a = await createTheme('A');
    const b = await createTheme('B');
    const first = await call(t.app, 'POST', `${base(pid)}/${a.id}/activate`, { cookie: user });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.isActive).toBe(true);
    expect(await activeIds(pid)).toEqual([a.id]);

    await call(t.app, 'POST', `${base(pid)}/${b.id}/activate`, { cookie: user });
    expect(await activeIds(pid)).toEqual([b.id]);
    // Activating again changes nothing.
    await call(t.app, 'POST', `${base(pid)}/${b.id}/activate`, { cookie: user });
    expect(await activeIds(pid)).toEqual([b.id]);

    const list = await call(t.app, 'GET', `${base(pid)}?isActive=true`, { cookie: user });
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([b.id]);

    const audit = await t.db
      .selectFrom('auditLogs')
      .select('action')
      .where('itemId', '=', b.id)
      .where('action', '=', 'activated')
      .execute();
    expect(audit.length).toBe(2);
  });

  it('concurrent activations still leave one active theme', async () => {
    const themes = await Promise.all(['C1', 'C2', 'C3', 'C4'].map((name) => createTheme(name)));
    await Promise.all(
      themes.map((theme) =>
        call(t.app, 'POST', `${base(pid)}/${theme.id}/activate`, { cookie: customeradmin }),
      ),
    );
    expect((await activeIds(pid)).length).toBe(1);
  });
});

describe('access', () => {
  it('needs a session', async () => {
    expect((await call(t.app, 'GET', base(pid))).statusCode).toBe(401);
  });

  it("answers 404 for another customer's project and theme, whatever the id", async () => {
    const mine = await createTheme('Mine');
    for (const [method, path] of [
      ['GET', `${base(pid)}/${mine.id}`],
      ['PUT', `${base(pid)}/${mine.id}`],
      ['DELETE', `${base(pid)}/${mine.id}`],
      ['POST', `${base(pid)}/${mine.id}/activate`],
      ['POST', `${base(pid)}/${mine.id}/duplicate`],
      ['DELETE', `${base(pid)}/${mine.id}/logo`],
      ['GET', base(pid)],
    ] as const) {
      const res = await call(t.app, method, path, { cookie: other, body: { name: 'x' } });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().errors[0].code).toBe('project_not_found');
    }
    // The theme id under the other customer's own project is not found either.
    const viaOwnProject = await call(t.app, 'GET', `${base(acmePid)}/${mine.id}`, {
      cookie: other,
    });
    expect(viaOwnProject.statusCode).toBe(404);
    expect(viaOwnProject.json().errors[0].code).toBe('not_found');
    // A project of the same customer the user is not linked to.
    expect((await call(t.app, 'GET', base(pidNotLinked), { cookie: user })).statusCode).toBe(404);
    // Nothing changed.
    const still = await call(t.app, 'GET', `${base(pid)}/${mine.id}`, { cookie: customeradmin });
    expect(still.json().data.name).toBe('Mine');
  });

  it('refuses a change without Client-Type (400)', async () => {
    const theme = await createTheme('Gate');
    const noClient = await call(t.app, 'POST', `${base(pid)}/${theme.id}/activate`, {
      cookie: customeradmin,
      clientType: null,
    });
    expect(noClient.statusCode).toBe(400);
    const ok = await call(t.app, 'POST', `${base(pid)}/${theme.id}/activate`, {
      cookie: customeradmin,
    });
    expect(ok.statusCode).toBe(200);
    // A project's themes are its content: not the platform admin's (SPEC §2, §6).
    const admins = await call(t.app, 'POST', `${base(pid)}/${theme.id}/activate`, {
      cookie: admin,
    });
    expect(admins.statusCode).toBe(403);
  });
});

describe('preview', () => {
  it('renders the real landing page with the settings, as HTML', async () => {
    const res = await call(t.app, 'POST', `${base(pid)}/preview`, {
      cookie: user,
      body: {
        settings: {
          colors: { primary: '#0a7f3f' },
          font: { family: 'Lobster', subset: 'latin', variant: 'regular' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<!doctype html>');
    expect(res.body).toContain('#0a7f3f');
    expect(res.body).toContain('Sam Jansen');
  });

  it('validates the settings like a save', async () => {
    const res = await call(t.app, 'POST', `${base(pid)}/preview`, {
      cookie: user,
      body: { settings: { background: { gradient: { angle: 720 } } } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe('/settings/background/gradient/angle');
  });
});

describe('landing pages use the active theme', () => {
  it("shows the active theme's colours and font, and follows a change of active theme", async () => {
    const owner = { customerId: t.ids.customers.demo, projectId: pid };
    const code = await buildContactQrCode(t.db, owner);
    const scan = () => t.app.inject({ method: 'GET', url: `/s/${code}` });

    const green = await createTheme('Green', {
      colors: { primary: '#0a7f3f' },
      font: { family: 'Lobster', subset: 'latin', variant: 'regular' },
    });
    const blue = await createTheme('Blue', {
      colors: { primary: '#1d4ed8' },
      font: { family: 'Open Sans', subset: 'latin', variant: '700' },
    });

    await call(t.app, 'POST', `${base(pid)}/${green.id}/activate`, { cookie: user });
    const first = await scan();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Themed Person');
    expect(first.body).toContain('--primary:#0a7f3f');
    expect(first.body).toContain('@font-face{font-family:"Lobster"');
    expect(first.body).toContain('src:url(/fonts/lobster/latin-400-normal.woff2)');
    expect(String(first.headers['content-security-policy'])).toContain("font-src 'self'");

    await call(t.app, 'POST', `${base(pid)}/${blue.id}/activate`, { cookie: user });
    const second = await scan();
    expect(second.body).toContain('--primary:#1d4ed8');
    expect(second.body).not.toContain('#0a7f3f');
    expect(second.body).toContain('src:url(/fonts/open-sans/latin-700-normal.woff2)');

    // An edit of the active theme shows at once too (the scan cache is invalidated).
    await call(t.app, 'PUT', `${base(pid)}/${blue.id}`, {
      cookie: user,
      body: { settings: { colors: { primary: '#7c3aed' }, font: null } },
    });
    const third = await scan();
    expect(third.body).toContain('--primary:#7c3aed');
    expect(third.body).not.toContain('fonts.googleapis.com');
    expect(String(third.headers['content-security-policy'])).not.toContain('fonts.gstatic.com');
  });
});
