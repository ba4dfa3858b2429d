// `npm run admin -- create` (issue 9, part 6) run as the operator runs it, on a fresh SQLite
// data folder and on a PostgreSQL schema; and `npm start` with DEMO=false seeding no demo accounts.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../../src/server/db/database.js';
import { wantsDemo } from '../../../src/server/db/seed.js';
import { verifyPassword } from '../../../src/server/security.js';

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/run.mjs …args` with `env`, writing `stdin` to it (a pipe, not a terminal). */
function runCommand(args: string[], env: Record<string, string>, stdin: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/run.mjs', ...args], {
      env: { ...process.env, ...env, TEST_DATABASE_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function sqliteTarget(): Promise<{ env: Record<string, string>; open: () => Db }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-admin-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    open: () => createDatabase({ sqliteFile: path.join(dir, 'qrhub.sqlite') }),
  };
}

async function postgresTarget(): Promise<{ env: Record<string, string>; open: () => Db }> {
  const schema = `cli_${crypto.randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: PG_URL });
    await drop.connect();
    await drop.query(`drop schema if exists ${schema} cascade`);
    await drop.end();
  });
  const separator = PG_URL.includes('?') ? '&' : '?';
  const url = `${PG_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { env: { DATABASE_URL: url }, open: () => createDatabase({ databaseUrl: url }) };
}

describe.each([
  ['SQLite', sqliteTarget],
  ['PostgreSQL', postgresTarget],
])('npm run admin -- create on %s', (_name, target) => {
  it('makes a platform admin from the password on stdin, once per address', async () => {
    const { env, open } = await target();
    const args = ['admin', 'create', '--email', 'Ops@Example.com', '--name', 'Ops Person'];
    const first = await runCommand(args, env, 'correct-horse-9\n');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('ops@example.com created');

    const db = open();
    try {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'ops@example.com')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ role: 'admin', customerId: null, name: 'Ops Person' });
      expect(await verifyPassword(user.passwordHash, 'correct-horse-9')).toBe(true);
      const audit = await db
        .selectFrom('auditLogs')
        .select(['type', 'action', 'device'])
        .where('itemId', '=', user.id)
        .execute();
      expect(audit).toEqual([{ type: 'user', action: 'created', device: 'admin command' }]);
      // The plans exist without the demo, so the new admin can run the platform.
      expect((await db.selectFrom('plans').select('id').execute()).length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }

    const again = await runCommand(args, env, 'correct-horse-9\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const short = await runCommand(
      ['admin', 'create', '--email', 'x@example.com', '--name', 'X'],
      env,
      'short\n',
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    const usage = await runCommand(['admin', 'create', '--email', 'x@example.com'], env, '');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- create');
  }, 60_000);
});

describe('demo accounts', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ DEMO: 'true' }, false, true],
    [{ DEMO: 'false' }, true, false],
    [{ NODE_ENV: 'production' }, true, false],
    [{ NODE_ENV: 'production', DEMO: 'true' }, true, true],
  ])('env %o on an embedded database %s: demo %s', (env, isEmbedded, expected) => {
    expect(wantsDemo(env as NodeJS.ProcessEnv, isEmbedded)).toBe(expected);
  });

  it('npm start with DEMO=false seeds no account and asks for the first administrator', async () => {
    const { env, open } = await sqliteTarget();
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = spawn(process.execPath, ['scripts/run.mjs', 'start'], {
      env: {
        ...process.env,
        ...env,
        DEMO: 'false',
        PORT: port,
        SKIP_DASHBOARD_BUILD: '1',
        DASHBOARD_DIR: '',
        TEST_DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 45_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('create the first administrator')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
      expect(output).not.toContain('Demo logins');
      const options = await fetch(`http://127.0.0.1:${port}/api/setup`).then((r) => r.json());
      expect(options.data.firstAdminNeeded).toBe(true);
      const db = open();
      try {
        expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
        expect((await db.selectFrom('plans').select('id').execute()).length).toBeGreaterThan(0);
      } finally {
        await db.destroy();
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
    }
  }, 60_000);
});
