// What can be checked of the container set-up without a Docker engine: the compose file parses and
// wires the app to PostgreSQL and Redis, and the Dockerfile's steps are the documented install.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface ComposeFile {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      environment?: Record<string, string>;
      depends_on?: Record<string, { condition: string }>;
      healthcheck?: { test: string[] };
    }
  >;
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as ComposeFile;

  it('runs the app with PostgreSQL and Redis, started once they are healthy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'redis']);
    const app = compose.services.app;
    expect(app.build).toBe('.');
    expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/qrhub:.*@postgres:5432\/qrhub$/);
    expect(app.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(compose.services.postgres.healthcheck?.test).toBeDefined();
    expect(compose.services.redis.healthcheck?.test).toBeDefined();
  });
});

describe('Dockerfile', () => {
  const steps = read('Dockerfile')
    .split('\n')
    .filter((line) => /^(RUN|CMD) /.test(line))
    .map((line) => line.replace(/^(RUN|CMD) /, ''));

  it('takes the documented production install steps, in order', () => {
    const npmSteps = steps.filter((step) => step.startsWith('npm '));
    expect(npmSteps).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run build',
      'npm prune --omit=dev',
    ]);
    const deploy = read('docs/deploy.md');
    for (const step of npmSteps) expect(deploy).toContain(step);
  });

  it('starts the compiled server the way npm start does', () => {
    const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(packageJson.scripts.start).toBe('node scripts/run.mjs start');
    expect(steps.at(-1)).toBe('["node", "scripts/run.mjs", "start"]');
  });
});
