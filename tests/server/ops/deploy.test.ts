// What can be checked of the container set-up without a Docker engine (there is none on the
// project's machines, nor a compose plugin, and no image can be pulled): the compose file parses
// and wires the app to PostgreSQL and Redis with a readiness check, and the Dockerfile takes the
// install, build and start commands the README and docs/deploy.md state, on the Node version
// package.json's `engines` states.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVING_NODE_FLAGS } from '../../../src/server/heap.js';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
}

const dockerfile = read('Dockerfile');
/** The Dockerfile's instructions, continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => /^[A-Z]+ /.test(line));
const argsOf = (keyword: string) =>
  instructions
    .filter((line) => line.startsWith(`${keyword} `))
    .map((line) => line.slice(keyword.length + 1));
/** The npm commands the image runs while it is built. */
const npmSteps = argsOf('RUN').filter((step) => step.startsWith('npm '));
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as ComposeFile;
  const { app, postgres, redis } = compose.services;

  it('runs the app with PostgreSQL and Redis, started once they are healthy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'redis']);
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(redis.image).toMatch(/^redis:\d+/);
    expect(app.build).toBe('.');
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(redis.healthcheck?.test.join(' ')).toContain('redis-cli ping');
  });

  it('points DATABASE_URL at the postgres service and REDIS_URL at the redis service', () => {
    const database = new URL(app.environment!.DATABASE_URL);
    expect(database.protocol).toBe('postgres:');
    expect(database.hostname).toBe('postgres');
    expect(database.port).toBe('5432');
    // The user and database the postgres service creates.
    expect(database.username).toBe(postgres.environment?.POSTGRES_USER);
    expect(database.pathname).toBe(`/${postgres.environment?.POSTGRES_DB}`);
    expect(app.environment!.REDIS_URL).toBe('redis://redis:6379');
  });

  it('checks the app on /readyz, on the port the image listens on', () => {
    const port = /\bPORT=(\d+)/.exec(argsOf('ENV').join(' '))?.[1];
    expect(port).toBe('3000');
    expect(app.ports).toEqual([`${port}:${port}`]);
    const test = app.healthcheck?.test ?? [];
    expect(test[0]).toBe('CMD');
    expect(test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
  });
});

describe('Dockerfile', () => {
  it('takes the production install steps the README states, in order', () => {
    // README, "Running it in production": `npm ci && npm run build && npm prune --omit=dev`.
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Running it in production'));
    const stated = /`(npm ci[^`]*)`/.exec(section)?.[1];
    expect(stated).toBeDefined();
    const commands = stated!.split('&&').map((command) => command.trim());
    expect(commands).toEqual(['npm ci', 'npm run build', 'npm prune --omit=dev']);
    // The image may add flags (no audit, no funding messages), never other commands.
    expect(npmSteps).toHaveLength(commands.length);
    commands.forEach((command, index) =>
      expect(npmSteps[index] === command || npmSteps[index].startsWith(`${command} `)).toBe(true),
    );
    // …and docs/deploy.md shows the very lines the image runs.
    const deploy = read('docs/deploy.md');
    for (const step of npmSteps) expect(deploy).toContain(step);
  });

  it('starts the compiled server the way `NODE_ENV=production npm start` does', () => {
    expect(read('README.md')).toContain('`NODE_ENV=production npm start`');
    expect(argsOf('ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
    // npm start runs this script; the image runs it without npm in between, so SIGTERM reaches
    // the server itself.
    // With the V8 flags that only work on the command line (heap.ts), here and in the unit.
    const start = ['node', ...SERVING_NODE_FLAGS, 'scripts/run.mjs', 'start'].join(' ');
    expect(packageJson.scripts.start).toBe(start);
    expect(JSON.parse(argsOf('CMD').at(-1)!)).toEqual(packageJson.scripts.start.split(' '));
    expect(read('docs/deploy.md')).toContain(`ExecStart=/usr/bin/${start}`);
  });

  it('builds and runs on the Node major version package.json engines states', () => {
    const major = /^>=\s*(\d+)(\.\d+)*$/.exec(packageJson.engines.node)?.[1];
    expect(major, packageJson.engines.node).toBeDefined();
    const images = argsOf('FROM').map((from) => from.split(' ')[0]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(new RegExp(`^node:${major}(-|$)`));
  });

  it('leaves the checkout’s own node_modules and build out of the image', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['node_modules/', 'dist/', '.git/', '.env'])
      expect(ignored).toContain(entry);
    // The image copies the whole checkout after npm ci: without the ignore file the host's
    // node_modules (built for another machine) would replace the installed ones.
    expect(dockerfile).toMatch(/RUN npm ci[^\n]*\n(?:.*\n)*COPY \. \./);
  });
});
