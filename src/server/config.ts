// Configuration from the environment, each with its default (README: Configuration).
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file and uploaded media live. */
  dataDir: string;
  /** postgres://… to run on PostgreSQL; empty for embedded SQLite in dataDir. */
  databaseUrl: string;
  /** Where users reach the dashboard; mailed links (password reset) start with it. */
  publicUrl: string;
  /** The public base of scan URLs: {scanBaseUrl}/{code}. */
  scanBaseUrl: string;
  /** smtp://… for outgoing mail; empty logs mail instead of sending it. */
  smtpUrl: string;
  /** Serve the built dashboard from this folder (empty: API only). */
  dashboardDir: string;
  /** Cookies get Secure when the public URL is https. */
  secureCookies: boolean;
  logLevel: string;
  /** Take the client address from X-Forwarded-For (behind a load balancer); login throttling uses it. */
  trustProxy: boolean;
  /** Written into audit rows, so rows from a staging copy are told apart. */
  environment: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const scanBaseUrl = (env.SCAN_BASE_URL ?? `http://${publicHost}:${port}/s`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
    publicUrl: (env.PUBLIC_URL ?? `http://${publicHost}:${port}`).replace(/\/+$/, ''),
    scanBaseUrl,
    smtpUrl: env.SMTP_URL ?? '',
    dashboardDir: env.DASHBOARD_DIR ?? path.resolve('dist/dashboard'),
    secureCookies: scanBaseUrl.startsWith('https://'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    environment: env.NODE_ENV || 'production',
  };
}
