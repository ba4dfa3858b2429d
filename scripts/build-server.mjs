// `npm run build` (after the dashboard): compiles the server's commands to plain JavaScript in
// dist/server, so a production install runs no TypeScript compiler (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import serverBuild from './server-build.json' with { type: 'json' };

const cliDir = 'src/server/cli';
// dev.ts drives Vite and tsx and has no place in a production install.
const entryPoints = fs
  .readdirSync(cliDir)
  .filter((name) => name.endsWith('.ts') && name !== 'dev.ts')
  .map((name) => path.join(cliDir, name));

await build({
  // The statistics reader threads' entry (services/readPool.ts finds it beside its chunk).
  entryPoints: [...entryPoints, { in: 'src/server/services/readWorker.ts', out: 'readWorker' }],
  outdir: 'dist/server/cli',
  // Bundled ESM for Node 20; dependencies stay in node_modules (npm ci --omit=dev installs them),
  // only our code is bundled. Shared with the benchmark, which runs the server built the same way.
  ...serverBuild,
  sourcemap: true,
});
console.log(`Built ${entryPoints.length} server commands into dist/server/cli.`);
