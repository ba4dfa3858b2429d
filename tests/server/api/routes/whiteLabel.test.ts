// White-label hostnames (issue 14): the rules for adding one, DNS verification through a local
// DNS server, the primary hostname moving scan URLs while old ones keep working, scans by Host
// for own, foreign and unknown hosts, and one short-link uri on two customers' own hosts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../../helpers/dnsServer.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
let dns: TestDnsServer;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  dns = await startDnsServer({
    'qr.platform.test': '10.9.0.1',
    'go.demo.test': '10.9.0.1',
    'go.acme.test': '10.9.0.1',
    'elsewhere.test': '10.9.0.2',
  });
  t = await buildTestApp({
    config: {
      scanBaseUrl: 'https://qr.platform.test/s',
      publicUrl: 'https://app.platform.test',
      whiteLabelTarget: 'qr.platform.test',
      whiteLabelDnsServer: dns.address,
    },
  });
  for (const account of ['admin', 'customeradmin', 'other'] as const)
    cookies[account] = await login(t.app, DEMO[account]);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const hostnamesOf = (customerId: string) => `/api/customers/${customerId}/white-label-hostnames`;
const add = (customerId: string, hostname: string, cookie = cookies.admin) =>
  call(t.app, 'POST', hostnamesOf(customerId), { cookie, body: { hostname } });
/** A scan as a phone makes it, on `host`. */
const scan = (host: string, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { host, 'user-agent': 'Mozilla/5.0' } });

async function linkAction(projectId: string, cookie: string, link: string): Promise<string> {
  const response = await call(t.app, 'POST', `/api/projects/${projectId}/actions`, {
    cookie,
    body: { name: `To ${link}`, objectType: 'link', data: { link } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

describe('adding a hostname', () => {
  it.each([
    '-bad-.test',
    '10.0.0.1',
    'localhost',
    'a b.test',
    'ünï.test',
    'x'.repeat(64) + '.test',
  ])('refuses %s as not a DNS name', async (hostname) => {
    const response = await add(t.ids.customers.demo, hostname);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'white_label_hostname_is_not_dns_name',
      source: { pointer: '/hostname' },
    });
  });

  it('refuses the platform’s own hostnames', async () => {
    for (const hostname of ['qr.platform.test', 'app.platform.test']) {
      const response = await add(t.ids.customers.demo, hostname);
      expect(response.json().errors[0].code).toBe('white_label_hostname_is_platform');
    }
  });

  it('takes a hostname once across the platform, normalised', async () => {
    const created = await add(t.ids.customers.demo, ' Go.Demo.Test. ');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      hostname: 'go.demo.test',
      primary: false,
      verified: false,
      dnsRecord: { type: 'CNAME', name: 'go.demo.test', value: 'qr.platform.test' },
    });
    const again = await add(t.ids.customers.acme, 'go.demo.test');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: 'white_label_hostname_taken',
      source: { pointer: '/hostname' },
    });
  });

  it('lets customer admins read their own hostnames, and nothing more', async () => {
    const own = await call(t.app, 'GET', hostnamesOf(t.ids.customers.demo), {
      cookie: cookies.customeradmin,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((row: { hostname: string }) => row.hostname)).toEqual([
      'go.demo.test',
    ]);
    const foreign = await call(t.app, 'GET', hostnamesOf(t.ids.customers.acme), {
      cookie: cookies.customeradmin,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await add(t.ids.customers.demo, 'mine.test', cookies.customeradmin)).statusCode).toBe(
      403,
    );
  });
});

describe('verification and the primary hostname', () => {
  let demoHostId: string;
  let qrCode: { id: string; code: string; scanUrl: string };
  const project = () => t.ids.projects.demoLinked;

  beforeAll(async () => {
    const list = await call(t.app, 'GET', hostnamesOf(t.ids.customers.demo), {
      cookie: cookies.admin,
    });
    demoHostId = list.json().data[0].id;
    const actionId = await linkAction(
      project(),
      cookies.customeradmin,
      'https://demo.example/menu',
    );
    const created = await call(t.app, 'POST', `/api/projects/${project()}/qr-codes`, {
      cookie: cookies.customeradmin,
      body: { name: 'Poster', actionId },
    });
    expect(created.statusCode, created.body).toBe(201);
    qrCode = created.json().data;
  });

  it('refuses an unverified hostname as primary', async () => {
    const response = await call(
      t.app,
      'PUT',
      `${hostnamesOf(t.ids.customers.demo)}/${demoHostId}`,
      {
        cookie: cookies.admin,
        body: { primary: true },
      },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'white_label_hostname_not_verified',
      source: { pointer: '/primary' },
    });
  });

  it('verifies through DNS only a hostname that resolves to the platform', async () => {
    const stray = (await add(t.ids.customers.demo, 'elsewhere.test')).json().data;
    const refused = await call(
      t.app,
      'POST',
      `${hostnamesOf(t.ids.customers.demo)}/${stray.id}/verify`,
      { cookie: cookies.admin },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('white_label_hostname_not_verified');
    const verified = await call(
      t.app,
      'POST',
      `${hostnamesOf(t.ids.customers.demo)}/${demoHostId}/verify`,
      { cookie: cookies.admin },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.verified).toBe(true);
  });

  it('moves the scan URLs to the primary hostname, and the old ones keep working', async () => {
    expect(qrCode.scanUrl).toBe(`https://qr.platform.test/s/${qrCode.code}`);
    const primary = await call(t.app, 'PUT', `${hostnamesOf(t.ids.customers.demo)}/${demoHostId}`, {
      cookie: cookies.admin,
      body: { primary: true },
    });
    expect(primary.statusCode, primary.body).toBe(200);
    const after = await call(t.app, 'GET', `/api/projects/${project()}/qr-codes/${qrCode.id}`, {
      cookie: cookies.customeradmin,
    });
    expect(after.json().data.scanUrl).toBe(`https://go.demo.test/${qrCode.code}`);

    for (const [host, path] of [
      ['go.demo.test', `/${qrCode.code}`],
      ['go.demo.test', `/s/${qrCode.code}`],
      ['qr.platform.test', `/s/${qrCode.code}`],
      // A name the platform does not know is served as the platform.
      ['127.0.0.1', `/s/${qrCode.code}`],
    ]) {
      const response = await scan(host, path);
      expect(response.statusCode, `${host}${path}`).toBe(302);
      expect(response.headers.location).toBe('https://demo.example/menu');
    }
  });

  it('answers 404 for another customer’s code on a white-label hostname', async () => {
    const actionId = await linkAction(t.ids.projects.acme, cookies.other, 'https://acme.example/');
    const acmeCode = (
      await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/qr-codes`, {
        cookie: cookies.other,
        body: { name: 'Acme poster', actionId },
      })
    ).json().data.code as string;
    expect((await scan('go.demo.test', `/${acmeCode}`)).statusCode).toBe(404);
    expect((await scan('qr.platform.test', `/s/${acmeCode}`)).statusCode).toBe(302);
  });

  it('lets two customers own the same short-link uri on their own hosts', async () => {
    const acmeHost = (await add(t.ids.customers.acme, 'go.acme.test')).json().data;
    await call(t.app, 'PUT', `${hostnamesOf(t.ids.customers.acme)}/${acmeHost.id}`, {
      cookie: cookies.admin,
      body: { verified: true, primary: true },
    });
    const demoAction = await linkAction(
      project(),
      cookies.customeradmin,
      'https://demo.example/card',
    );
    const acmeAction = await linkAction(
      t.ids.projects.acme,
      cookies.other,
      'https://acme.example/card',
    );
    const demoLink = await call(t.app, 'POST', `/api/projects/${project()}/short-links`, {
      cookie: cookies.customeradmin,
      body: { uri: 'menu', name: 'Menu', actionId: demoAction },
    });
    const acmeLink = await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/short-links`, {
      cookie: cookies.other,
      body: { uri: 'menu', name: 'Menu', actionId: acmeAction },
    });
    expect(demoLink.statusCode, demoLink.body).toBe(201);
    expect(acmeLink.statusCode, acmeLink.body).toBe(201);
    expect(demoLink.json().data.scanUrl).toBe('https://go.demo.test/menu');
    expect(acmeLink.json().data.scanUrl).toBe('https://go.acme.test/menu');
    expect((await scan('go.demo.test', '/menu')).headers.location).toBe(
      'https://demo.example/card',
    );
    expect((await scan('go.acme.test', '/menu')).headers.location).toBe(
      'https://acme.example/card',
    );
  });

  it('carries no platform branding on a white-label landing page', async () => {
    const response = await scan('go.demo.test', '/no-such-code');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/QR Hub/i);
  });

  it('stops answering on a hostname once it is removed', async () => {
    const removed = await call(
      t.app,
      'DELETE',
      `${hostnamesOf(t.ids.customers.demo)}/${demoHostId}`,
      {
        cookie: cookies.admin,
      },
    );
    expect(removed.statusCode).toBe(204);
    const after = await call(t.app, 'GET', `/api/projects/${project()}/qr-codes/${qrCode.id}`, {
      cookie: cookies.customeradmin,
    });
    expect(after.json().data.scanUrl).toBe(`https://qr.platform.test/s/${qrCode.code}`);
    expect((await scan('qr.platform.test', `/s/${qrCode.code}`)).statusCode).toBe(302);
  });
});
