// String.prototype stays a fast object in a process that imported ioredis (v8Shapes.ts). V8's
// own view is only open to --allow-natives-syntax, so a child Node process reports it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { warmTickQueue } from '../../src/server/v8Shapes.js';
import { countTicksByArguments } from '../helpers/ticks.js';

const root = path.resolve(import.meta.dirname, '../..');
const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);

/** Runs `body` (an ES module with `fast(object)` in scope) and answers what it printed as JSON. */
function inChild(body: string) {
  const script = `const fast = new Function('o', 'return %HasFastProperties(o)');\n${body}`;
  const result = spawnSync(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

describe('String.prototype after ioredis', () => {
  it('turns fast again, and a later subclass of String leaves it so', () => {
    const seen = inChild(`
      await import('ioredis');
      const afterIoredis = fast(String.prototype);
      const { restoreFastStringPrototype } = await import(${moduleUrl('src/server/v8Shapes.ts')});
      restoreFastStringPrototype();
      const restored = fast(String.prototype);
      class Later extends String {}
      console.log(JSON.stringify({ afterIoredis, restored, later: fast(String.prototype) }));
    `);
    // ioredis's subclass of String is why the step exists; should this fail, it can go.
    expect(seen).toEqual({ afterIoredis: false, restored: true, later: true });
  });

  it('is fast in a built app', () => {
    const seen = inChild(`
      const { buildTestApp } = await import(${moduleUrl('tests/helpers/testApp.ts')});
      const t = await buildTestApp();
      const answer = fast(String.prototype);
      await t.close();
      console.log(JSON.stringify({ answer }));
    `);
    expect(seen).toEqual({ answer: true });
  });
});

describe('warmTickQueue', () => {
  it('queues ticks with no to three arguments, 200,000 of each, before it resolves', async () => {
    const ticks = countTicksByArguments();
    try {
      await warmTickQueue();
    } finally {
      ticks.stop();
    }
    expect(ticks.counts.slice(0, 4).every((n) => n >= 200_000)).toBe(true);
  });
});
