// Destination health (issue 16 part 5) against a real local HTTP server that fails and recovers,
// with mail through a real SMTP server.
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import PostalMime from 'postal-mime';
import { probe } from '../../../src/server/health/probe.js';
import { createMailer } from '../../../src/server/mail.js';
import {
  DEFAULT_HEALTH_OPTIONS,
  DestinationHealthChecker,
} from '../../../src/server/services/destinationHealth.js';
import { findHealth } from '../../../src/server/repositories/destinationHealth.js';
import { linkQrCodeThroughApi } from '../../helpers/factories.js';
import { startSmtpInbox, type SmtpInbox } from '../../helpers/smtpInbox.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

interface Site {
  url: string;
  mode: 'up' | 'down' | 'no-head';
  robots: string;
  hits: { method: string; path: string; agent: string }[];
  close: () => Promise<void>;
}

async function startSite(): Promise<Site> {
  const site = { mode: 'up', robots: '', hits: [] } as unknown as Site;
  const server = http.createServer((request, response) => {
    site.hits.push({
      method: request.method ?? '',
      path: request.url ?? '',
      agent: String(request.headers['user-agent']),
    });
    if (request.url === '/robots.txt') {
      if (!site.robots) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    }
    if (request.url === '/moved') return response.writeHead(301, { location: '/page' }).end();
    if (site.mode === 'down') return response.writeHead(503).end('down');
    if (site.mode === 'no-head' && request.method === 'HEAD') return response.writeHead(405).end();
    return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  site.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  site.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return site;
}

/**
 * A link QR code made through the API, its link then pointed at the local site: the API accepts
 * only hostnames with a domain, and on this machine only loopback addresses can be served.
 */
async function linkToSite(app: TestApp, cookie: string, link: string) {
  const made = await linkQrCodeThroughApi(
    app.app,
    cookie,
    app.ids.projects.demoLinked,
    'https://shop.example.org/page',
  );
  await app.db
    .updateTable('actions')
    .set({ data: JSON.stringify({ link }), name: 'Station poster' })
    .where('id', '=', made.actionId)
    .execute();
  return made;
}

describe('destination health', () => {
  let t: TestApp;
  let site: Site;
  let inbox: SmtpInbox;
  let cookie: string;

  beforeAll(async () => {
    site = await startSite();
    inbox = await startSmtpInbox();
    t = await buildTestApp({ config: { linkCheckAllowPrivate: true, smtpUrl: inbox.url } });
    cookie = await login(t.app, DEMO.customeradmin);
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await inbox.close();
  });
  afterEach(() => {
    site.mode = 'up';
    site.robots = '';
    site.hits.length = 0;
  });

  const run = () => t.app.destinationHealth.checker.runOnce();
  const mailsAbout = async (name: string) => {
    const parsed = await Promise.all(inbox.received.map((raw) => PostalMime.parse(raw)));
    return parsed.filter((mail) => (mail.subject ?? '').includes(name));
  };

  it('warns after two failures in a row, mails the customer admins once, and clears on recovery', async () => {
    const projectId = t.ids.projects.demoLinked;
    const { actionId } = await linkToSite(t, cookie, `${site.url}/page`);
    const health = () => findHealth(t.db, actionId);
    const mark = async () =>
      (
        await t.db
          .selectFrom('actions')
          .select('destinationUnhealthyAt')
          .where('id', '=', actionId)
          .executeTakeFirstOrThrow()
      ).destinationUnhealthyAt;

    await run();
    expect(await health()).toBeNull(); // healthy and never failed: nothing stored
    expect(site.hits.some((hit) => hit.method === 'HEAD' && hit.path === '/page')).toBe(true);
    expect(site.hits[0].agent).toMatch(/QRHub-LinkChecker/);

    site.mode = 'down';
    await run();
    expect(await health()).toMatchObject({ status: 'healthy', consecutiveFailures: 1 });
    await run();
    expect(await health()).toMatchObject({
      status: 'failing',
      consecutiveFailures: 2,
      lastError: 'HTTP 503',
    });
    // The mark the scan path reads (scans take the fallback while it is set).
    expect(await mark()).toBe((await health())?.failingSince);
    const answer = await call(t.app, 'GET', `/api/projects/${projectId}/actions/${actionId}`, {
      cookie,
    });
    expect(answer.json().data.destinationHealth).toMatchObject({ status: 'failing' });

    await vi.waitFor(async () => expect(await mailsAbout('Station poster')).toHaveLength(1));
    const [mail] = await mailsAbout('Station poster');
    expect(mail.to?.[0].address).toBe(DEMO.customeradmin);
    // The demo customer admin reads Dutch: the mail is in Dutch, as text and HTML.
    expect(mail.subject).toContain('leidt naar een pagina die niet antwoordt');
    expect(mail.text).toContain(`${site.url}/page`);
    expect(mail.html).toContain('Station poster');

    await run(); // still failing: no second mail in the same episode
    expect(await health()).toMatchObject({ status: 'failing', consecutiveFailures: 3 });

    site.mode = 'no-head'; // HEAD refused, GET answers: that is a recovery
    await run();
    expect(await health()).toMatchObject({ status: 'healthy', consecutiveFailures: 0 });
    expect(await mark()).toBeNull();
    expect(site.hits.some((hit) => hit.method === 'GET' && hit.path === '/page')).toBe(true);
    const after = await call(t.app, 'GET', `/api/projects/${projectId}/actions/${actionId}`, {
      cookie,
    });
    expect(after.json().data.destinationHealth).toMatchObject({ status: 'healthy' });

    // A new episode mails again.
    site.mode = 'down';
    await run();
    await run();
    await vi.waitFor(async () => expect(await mailsAbout('Station poster')).toHaveLength(2));
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'changes'])
      .where('itemId', '=', actionId)
      .where('action', 'in', ['updated', 'send'])
      .execute();
    expect(audit.filter((row) => row.action === 'send')).toHaveLength(2);
  });

  it('sends scans to the fallback while the destination fails, and back after recovery', async () => {
    // The scan service serves only links with a domain name, so this checker resolves the test's
    // name to the local site (its answers still pass the address guard, allowed here).
    const checker = new DestinationHealthChecker(
      t.db,
      t.app.writePath,
      createMailer(inbox.url, { info: () => undefined }),
      {
        ...DEFAULT_HEALTH_OPTIONS,
        allowPrivate: true,
        publicUrl: t.config.publicUrl,
        environment: t.config.environment,
        onError: (error) => {
          throw error;
        },
        resolve: (hostname, options, callback) =>
          hostname === 'flyer.test.example'
            ? callback(null, [{ address: '127.0.0.1', family: 4 }])
            : callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []),
      },
    );
    const projectId = t.ids.projects.demoLinked;
    const link = `http://flyer.test.example:${new URL(site.url).port}/flyer`;
    const fallback = 'https://fallback.example.org/sorry';
    const made = await linkQrCodeThroughApi(t.app, cookie, projectId, link);
    const put = await call(t.app, 'PUT', `/api/projects/${projectId}/actions/${made.actionId}`, {
      cookie,
      body: {
        name: 'Flyer',
        objectType: 'link',
        data: { link },
        fallback: { objectType: 'link', data: { link: fallback } },
      },
    });
    expect(put.statusCode).toBe(200);
    const scan = async () => (await t.app.inject({ url: `/s/${made.code}` })).headers.location;

    expect(await scan()).toBe(link);
    site.mode = 'down';
    await checker.runOnce();
    expect(await scan()).toBe(link); // one failure is not yet an episode
    await checker.runOnce();
    // The event after the commit dropped the cached entry: the next scan takes the fallback.
    expect(await scan()).toBe(fallback);
    await vi.waitFor(async () => expect(await mailsAbout('Flyer')).toHaveLength(1));
    const [mail] = await mailsAbout('Flyer');
    expect(mail.text).toContain('reservebestemming');

    site.mode = 'up';
    await checker.runOnce();
    expect(await scan()).toBe(link);
  });

  it('follows a redirect and checks where it leads', async () => {
    expect(await probe(`${site.url}/moved`, { allowPrivate: true, timeoutMs: 2000 })).toEqual({
      outcome: 'up',
      status: 200,
    });
  });

  it('does not fetch a page robots.txt disallows', async () => {
    site.robots = 'User-agent: QRHub-LinkChecker\nDisallow: /page\n';
    site.mode = 'down';
    expect(await probe(`${site.url}/page`, { allowPrivate: true, timeoutMs: 2000 })).toEqual({
      outcome: 'skipped',
    });
    expect(site.hits.map((hit) => hit.path)).toEqual(['/robots.txt']);
  });

  it('refuses private and loopback addresses unless the operator allows them', async () => {
    const refused = await probe(`${site.url}/page`, { allowPrivate: false, timeoutMs: 2000 });
    expect(refused).toMatchObject({ outcome: 'down', error: expect.stringMatching(/private/) });
    const byName = await probe(`http://localhost:${new URL(site.url).port}/page`, {
      allowPrivate: false,
      timeoutMs: 2000,
    });
    expect(byName).toMatchObject({ outcome: 'down', error: expect.stringMatching(/private/) });
    expect(site.hits.filter((hit) => hit.path === '/page')).toHaveLength(0);
  });

  it('the app refuses them by default', async () => {
    const strict = await buildTestApp({ config: { smtpUrl: '' } });
    try {
      expect(strict.config.linkCheckAllowPrivate).toBe(false);
      const admin = await login(strict.app, DEMO.customeradmin);
      const { actionId } = await linkToSite(strict, admin, `${site.url}/page`);
      await strict.app.destinationHealth.checker.runOnce();
      expect(await findHealth(strict.db, actionId)).toMatchObject({
        consecutiveFailures: 1,
        lastError: expect.stringMatching(/private/),
      });
      expect(site.hits.filter((hit) => hit.path === '/page')).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
