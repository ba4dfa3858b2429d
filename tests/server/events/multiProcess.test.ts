// Several server processes behind one load balancer: two real `npm start` processes on one
// PostgreSQL database and one Redis. A change made through process A is honoured by process B's
// scan path at once (its cache hears the change over Redis), not after the cache's TTL.
// Runs in the `pg` project (PostgreSQL) with TEST_REDIS_URL set, as .ci/run does.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { DEMO_PASSWORD, seedDemoData } from '../../../src/server/db/seed.js';

const root = path.resolve(import.meta.dirname, '../../..');
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Process {
  base: string;
  child: ChildProcess;
}

async function startProcess(env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/run.mjs', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      SCAN_BASE_URL: `${base}/s`,
      DASHBOARD_DIR: '',
      SKIP_DASHBOARD_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on ${base} did not become ready`);
}

async function stopProcess(process: Process | undefined): Promise<void> {
  if (!process || process.child.exitCode !== null) return;
  const exited = new Promise((resolve) => process.child.once('exit', resolve));
  process.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!databaseUrl || !redisUrl)('two processes, one database, one Redis', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const separator = databaseUrl.includes('?') ? '&' : '?';
  const schemaUrl = `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let a: Process | undefined;
  let b: Process | undefined;
  let cookie = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const db = createDatabase({ databaseUrl: schemaUrl });
    await migrateToLatest(db);
    await seedDemoData(db);
    await db.destroy();
    const env = { DATABASE_URL: schemaUrl, REDIS_URL: redisUrl };
    [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
    const login = await fetch(`${a.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'client-type': 'dashboard' },
      body: JSON.stringify({ email: 'customeradmin@example.com', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  /** An API call through process A, as the dashboard makes it. */
  async function throughA<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${a!.base}/api${url}`, {
      method,
      headers: {
        cookie,
        'client-type': 'dashboard',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${url}`).toBeLessThan(300);
    return response.status === 204 ? (undefined as T) : ((await response.json()).data as T);
  }

  /** A scan through process B: where it redirects to, or its status when it does not. */
  async function scanThroughB(code: string): Promise<string | number> {
    const response = await fetch(`${b!.base}/s/${code}`, { redirect: 'manual' });
    return response.status === 302 ? (response.headers.get('location') ?? '') : response.status;
  }

  /** The first answer within `ms` that is not `stale`: changes must arrive within 100 ms. */
  async function settlesWithin(code: string, stale: string | number, ms: number) {
    const started = Date.now();
    let answer = await scanThroughB(code);
    while (answer === stale && Date.now() - started < ms) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answer = await scanThroughB(code);
    }
    return answer;
  }

  /** A new project with an Action linking to `link` and a QR code showing it, through A. */
  async function qrCodeThroughA(projectName: string, link: string) {
    const project = await throughA<{ id: string }>('POST', '/projects', { name: projectName });
    const action = await throughA<{ id: string }>('POST', `/projects/${project.id}/actions`, {
      name: 'Menu',
      objectType: 'link',
      data: { link },
    });
    const qr = await throughA<{ code: string }>('POST', `/projects/${project.id}/qr-codes`, {
      name: 'Table card',
      actionId: action.id,
    });
    return { project, action, qr };
  }

  it('an Action changed through A moves the code scanned through B within 100 ms', async () => {
    const { project, action, qr } = await qrCodeThroughA('Two processes', 'https://old.example/');
    // B caches the code now.
    expect(await scanThroughB(qr.code)).toBe('https://old.example/');
    expect(await scanThroughB(qr.code)).toBe('https://old.example/');

    await throughA('PUT', `/projects/${project.id}/actions/${action.id}`, {
      name: 'Menu',
      objectType: 'link',
      data: { link: 'https://new.example/' },
    });
    expect(await settlesWithin(qr.code, 'https://old.example/', 100)).toBe('https://new.example/');

    // Trashing the project through A stops the code on B.
    await throughA('DELETE', `/projects/${project.id}/trash`);
    const after = await settlesWithin(qr.code, 'https://new.example/', 100);
    expect(after).not.toBe('https://new.example/');
  });

  it('a short link created through A answers through B, though B had cached its uri as unknown', async () => {
    const project = await throughA<{ id: string }>('POST', '/projects', { name: 'Fresh links' });
    const action = await throughA<{ id: string }>('POST', `/projects/${project.id}/actions`, {
      name: 'Site',
      objectType: 'link',
      data: { link: 'https://fresh.example/' },
    });
    const uri = `later-${crypto.randomBytes(3).toString('hex')}`;
    expect(await scanThroughB(uri)).toBe(404);
    await throughA('POST', `/projects/${project.id}/short-links`, {
      name: 'Later',
      uri,
      actionId: action.id,
    });
    expect(await settlesWithin(uri, 404, 100)).toBe('https://fresh.example/');
  });

  it('the live view through either process counts the scans recorded by both', async () => {
    const { project, qr } = await qrCodeThroughA('Live', 'https://live.example/');
    const person = {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    };
    const scan = (base: string) =>
      fetch(`${base}/s/${qr.code}`, { redirect: 'manual', headers: person });
    await Promise.all([scan(b!.base), scan(b!.base), scan(b!.base), scan(a!.base), scan(a!.base)]);

    /** The live view's sum through one process, once it shows all 5 or after 5 s. */
    async function liveThrough(base: string): Promise<number> {
      const started = Date.now();
      let sum = 0;
      while (Date.now() - started < 5_000) {
        const response = await fetch(`${base}/api/analytics/live?projectId=${project.id}`, {
          headers: { cookie, 'client-type': 'dashboard' },
        });
        expect(response.status).toBe(200);
        const minutes = (await response.json()).data as { scans: number }[];
        sum = minutes.reduce((total, minute) => total + minute.scans, 0);
        if (sum >= 5) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return sum;
    }
    expect(await liveThrough(a!.base)).toBe(5);
    expect(await liveThrough(b!.base)).toBe(5);
  });
});
