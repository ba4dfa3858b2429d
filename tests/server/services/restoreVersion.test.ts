// "Restore this version" (issue 8, part 9) through the API: the before-state of an edit comes
// back as a new audited edit, for QR codes, short links, QR links and themes; a version whose item
// is gone or whose fields no longer pass the rules is refused with its own code and changes nothing.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_SETTINGS } from '../../../src/shared/schemas/theme.js';
import { linkQrCodeThroughApi } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
const pid = () => t.ids.projects.demoLinked;
const items = () => `/api/projects/${pid()}`;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return call(t.app, method, url, { cookie, body });
}

async function made(url: string, body: unknown): Promise<string> {
  const response = await send('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function edited(url: string, body: unknown): Promise<void> {
  const response = await send('PUT', url, body);
  expect(response.statusCode, response.body).toBe(200);
}

/** The newest audit row of an item's edits. */
async function lastEditOf(itemId: string): Promise<{ id: string; changes: unknown }> {
  const response = await send(
    'GET',
    `/api/audit-logs?itemId=${itemId}&action=updated&sort=createdAt&order=DESC`,
  );
  return response.json().data[0];
}

const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('auditLogs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const restore = (auditLogId: string) => send('POST', `/api/audit-logs/${auditLogId}/restore`);

describe('restore this version', () => {
  it('brings a QR code’s name and design back, as an audited edit', async () => {
    const { id } = await linkQrCodeThroughApi(t.app, cookie, pid(), 'https://menu.example/');
    const url = `${items()}/qr-codes/${id}`;
    const original = (await send('GET', url)).json().data;
    await edited(url, {
      name: 'Renamed',
      design: { ...original.design, dots: { ...original.design.dots, color: '#113355' } },
    });
    const edit = await lastEditOf(id);
    expect(edit.changes).toMatchObject({
      before: { name: original.name, design: original.design },
      after: { name: 'Renamed' },
    });

    const response = await restore(edit.id);
    expect(response.statusCode, response.body).toBe(200);
    const now = (await send('GET', url)).json().data;
    expect(now.name).toBe(original.name);
    expect(now.design).toEqual(original.design);
    const restoredRow = await lastEditOf(id);
    expect(restoredRow.id).not.toBe(edit.id);
    expect(restoredRow.changes).toMatchObject({
      before: { name: 'Renamed' },
      after: { name: original.name },
    });
  });

  it('brings a short link’s uri back, and the old uri answers scans again', async () => {
    const actionId = await made(`${items()}/actions`, {
      name: 'Site',
      objectType: 'link',
      data: { link: 'https://site.example/' },
    });
    const uri = `r${ulid().toLowerCase().slice(0, 10)}`;
    const id = await made(`${items()}/short-links`, { name: 'Flyer', uri, actionId });
    await edited(`${items()}/short-links/${id}`, { uri: `${uri}x` });
    expect((await t.app.inject({ url: `/s/${uri}` })).statusCode).toBe(404);

    const response = await restore((await lastEditOf(id)).id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await send('GET', `${items()}/short-links/${id}`)).json().data.uri).toBe(uri);
    const scan = await t.app.inject({ url: `/s/${uri}` });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://site.example/');
  });

  it('brings a QR link’s data back', async () => {
    const id = await made(`${items()}/actions`, {
      name: 'Menu',
      objectType: 'link',
      data: { link: 'https://menu.example/summer' },
    });
    await edited(`${items()}/actions/${id}`, {
      name: 'Menu',
      objectType: 'link',
      data: { link: 'https://menu.example/winter' },
    });
    const response = await restore((await lastEditOf(id)).id);
    expect(response.statusCode, response.body).toBe(200);
    const action = (await send('GET', `${items()}/actions/${id}`)).json().data;
    expect(action.data.link).toBe('https://menu.example/summer');
  });

  it('brings a theme’s name back', async () => {
    const id = await made(`${items()}/themes`, { name: 'Calm', settings: DEFAULT_THEME_SETTINGS });
    await edited(`${items()}/themes/${id}`, { name: 'Loud' });
    const response = await restore((await lastEditOf(id)).id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await send('GET', `${items()}/themes/${id}`)).json().data.name).toBe('Calm');
  });

  it('is refused with audit_restore_gone when the item is in the trash, changing nothing', async () => {
    const { id } = await linkQrCodeThroughApi(t.app, cookie, pid(), 'https://gone.example/');
    await edited(`${items()}/qr-codes/${id}`, { name: 'About to go' });
    const edit = await lastEditOf(id);
    expect((await send('DELETE', `${items()}/qr-codes/${id}/trash`)).statusCode).toBe(204);
    const before = await auditCount();

    const response = await restore(edit.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('audit_restore_gone');
    expect(await auditCount()).toBe(before);
  });

  it('is refused with audit_restore_invalid when the version’s QR link is gone', async () => {
    const { id, actionId } = await linkQrCodeThroughApi(t.app, cookie, pid(), 'https://a.example/');
    const other = await made(`${items()}/actions`, {
      name: 'Other',
      objectType: 'link',
      data: { link: 'https://b.example/' },
    });
    await edited(`${items()}/qr-codes/${id}`, { actionId: other });
    const edit = await lastEditOf(id);
    expect((await send('DELETE', `${items()}/actions/${actionId}`)).statusCode).toBe(204);
    const before = await auditCount();

    const response = await restore(edit.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'audit_restore_invalid',
      meta: { field: 'actionId' },
    });
    expect((await send('GET', `${items()}/qr-codes/${id}`)).json().data.actionId).toBe(other);
    expect(await auditCount()).toBe(before);
  });

  it('is refused with audit_restore_invalid when the old uri is taken by now', async () => {
    const uri = `t${ulid().toLowerCase().slice(0, 10)}`;
    const id = await made(`${items()}/short-links`, { name: 'First', uri });
    await edited(`${items()}/short-links/${id}`, { uri: `${uri}-moved` });
    await made(`${items()}/short-links`, { name: 'Second', uri });

    const response = await restore((await lastEditOf(id)).id);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'audit_restore_invalid',
      meta: { field: 'uri' },
    });
  });

  it('is refused with audit_restore_unsupported for a row that is not an edit', async () => {
    const { id } = await linkQrCodeThroughApi(t.app, cookie, pid(), 'https://c.example/');
    const created = (await send('GET', `/api/audit-logs?itemId=${id}&action=created`)).json()
      .data[0];
    const response = await restore(created.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('audit_restore_unsupported');
  });
});
