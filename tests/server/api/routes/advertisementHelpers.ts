// Shared setup of the advertisement tests: the real app, a logged-in demo user, and Actions, QR
// codes and advertisements created through the API the way the dashboard creates them.
import { expect } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

export interface AdTestApp extends TestApp {
  user: string;
  other: string;
  pid: string;
  otherPid: string;
}

export async function buildAdApp(): Promise<AdTestApp> {
  const t = await buildTestApp();
  return {
    ...t,
    user: await login(t.app, DEMO.user),
    other: await login(t.app, DEMO.other),
    pid: t.ids.projects.demoLinked,
    otherPid: t.ids.projects.acme,
  };
}

export const adsPath = (pid: string) => `/api/projects/${pid}/advertisements`;

export const VALID_AD = {
  name: 'Summer sale',
  text: 'Everything -20 % this week',
  link: 'https://shop.example.com/sale',
  displayTimeMs: 3000,
};

export async function createAd(
  t: AdTestApp,
  body: Record<string, unknown> = {},
  cookie = t.user,
  pid = t.pid,
): Promise<{ id: string; displayTimeMs: number; qrCodeCount: number }> {
  const res = await call(t.app, 'POST', adsPath(pid), { cookie, body: { ...VALID_AD, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A link Action and a QR code using it, both through the API. */
export async function createLinkedCode(
  t: AdTestApp,
  link = 'https://example.com/target',
  cookie = t.user,
  pid = t.pid,
): Promise<{ id: string; code: string; scanUrl: string; actionId: string }> {
  const action = await call(t.app, 'POST', `/api/projects/${pid}/actions`, {
    cookie,
    body: { name: 'Target', objectType: 'link', data: { link } },
  });
  expect(action.statusCode, action.body).toBe(201);
  const actionId = action.json().data.id as string;
  const qr = await call(t.app, 'POST', `/api/projects/${pid}/qr-codes`, {
    cookie,
    body: { name: 'Poster', actionId },
  });
  expect(qr.statusCode, qr.body).toBe(201);
  const data = qr.json().data as { id: string; code: string; scanUrl: string };
  return { ...data, actionId };
}

export function linkCodes(t: AdTestApp, adId: string, qrCodeIds: string[], cookie = t.user) {
  return call(t.app, 'PUT', `${adsPath(t.pid)}/${adId}/qr-codes`, {
    cookie,
    body: { qrCodeIds },
  });
}
