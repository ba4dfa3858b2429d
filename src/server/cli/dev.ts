// `npm run dev`: the Vite dev server (hot reload, proxying /api and /s) plus the server,
// restarted by tsx whenever a server file changes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const server = spawn(
  process.execPath,
  [
    path.resolve('node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    'src/server/cli/start.ts',
  ],
  {
    stdio: 'inherit',
    // Vite serves the dashboard in development; building it would only slow every restart.
    env: {
      ...process.env,
      SKIP_DASHBOARD_BUILD: '1',
      NODE_ENV: process.env.NODE_ENV ?? 'development',
    },
  },
);

const vite = await createServer({ configFile: path.resolve('vite.config.ts') });
await vite.listen();
vite.printUrls();

let isStopping = false;
const stop = async () => {
  if (isStopping) return;
  isStopping = true;
  server.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
server.once('exit', (code) => {
  if (!isStopping) {
    process.stderr.write(`server exited with code ${code}\n`);
    void stop();
  }
});
