// The theme routes check their own permission keys. Every built-in role holds the theme keys
// (src/shared/permissions.ts), so this file takes ThemeSetActive and ThemeLogoDelete away from
// role user to see the gates work.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildTestApp, call, DEMO, login, type TestApp } from '../../../../helpers/testApp.js';
import { buildMedia } from '../../../../helpers/factories.js';

vi.mock('../../../../../src/shared/permissions.js', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../../../../src/shared/permissions.js')>();
  const withheld = new Set(['ThemeSetActive', 'ThemeLogoDelete']);
  // The session gives an actor its role's keys from this table.
  return {
    ...original,
    ROLE_PERMISSIONS: {
      ...original.ROLE_PERMISSIONS,
      user: new Set([...original.ROLE_PERMISSIONS.user].filter((key) => !withheld.has(key))),
    },
  };
});

let t: TestApp;
let user = '';
let customeradmin = '';
beforeAll(async () => {
  t = await buildTestApp();
  user = await login(t.app, DEMO.user);
  customeradmin = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

describe('theme permission keys', () => {
  it('activate needs ThemeSetActive and DELETE …/logo needs ThemeLogoDelete', async () => {
    const base = `/api/projects/${t.ids.projects.demoLinked}/themes`;
    const created = await call(t.app, 'POST', base, { cookie: user, body: { name: 'Gated' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;

    const activate = await call(t.app, 'POST', `${base}/${id}/activate`, { cookie: user });
    expect(activate.statusCode).toBe(403);
    expect(activate.json().errors[0].code).toBe('forbidden');
    const logo = await call(t.app, 'DELETE', `${base}/${id}/logo`, { cookie: user });
    expect(logo.statusCode).toBe(403);

    // Clearing the logo through a save needs the same key.
    const mediaId = await buildMedia(t.db, {
      customerId: t.ids.customers.demo,
      projectId: t.ids.projects.demoLinked,
    });
    const withLogo = await call(t.app, 'PUT', `${base}/${id}`, {
      cookie: user,
      body: { settings: { logo: { mediaId } } },
    });
    expect(withLogo.statusCode).toBe(200);
    const cleared = await call(t.app, 'PUT', `${base}/${id}`, {
      cookie: user,
      body: { settings: { logo: { mediaId: null } } },
    });
    expect(cleared.statusCode).toBe(403);

    const row = await t.db
      .selectFrom('themes')
      .select('isActive')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.isActive)).toBe(0);

    // A customer admin holds both keys.
    expect(
      (await call(t.app, 'POST', `${base}/${id}/activate`, { cookie: customeradmin })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `${base}/${id}/logo`, { cookie: customeradmin })).statusCode,
    ).toBe(204);
  });
});
