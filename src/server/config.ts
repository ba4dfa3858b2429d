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
  /** When set, GET /metrics asks for `Authorization: Bearer {metricsToken}`. */
  metricsToken: string;
  /** What a white-label hostname must resolve to (a hostname whose addresses count, or IPs). */
  whiteLabelTarget: string;
  /** `host:port` of the DNS server white-label checks ask; empty uses the system's resolvers. */
  whiteLabelDnsServer: string;
  /** redis://… when several processes serve the app: changes reach every process through it. */
  redisUrl: string;
  /** Where the server fetches theme fonts we do not ship (once; visitors never ask Google). */
  googleFontsUrl: string;
  /** Anyone may create a customer at /register (SIGNUP=closed turns it off: invitations only). */
  signupOpen: boolean;
  /** Billing (issue 10): Stripe takes payments when both are set; otherwise invoices are paid by transfer. */
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** Stripe's API base (tests point it at a local stand-in). */
  stripeApiUrl: string;
  /** The VIES VAT check REST service (GET {viesUrl}/ms/{country}/vat/{number}). */
  viesUrl: string;
  /** Requests an API key may make per minute (RateLimit-* headers tell the script). */
  apiKeyRateLimit: number;
  /** Webhooks may call private and loopback addresses (tests, a closed network). */
  webhookAllowPrivate: boolean;
  /** The destination checker may call private and loopback addresses (tests, a closed network). */
  linkCheckAllowPrivate: boolean;
}

/** A configuration the server cannot start with: one sentence per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const BOOLEANS = ['true', 'false', '1', '0', ''];

function isUrlWithScheme(value: string, schemes: string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Checks the variables an operator sets, before anything starts, so a typo gives a sentence that
 * names the variable instead of a stack trace or, worse, a silent fallback (a DATABASE_URL that is
 * not PostgreSQL used to start an empty SQLite database with demo accounts).
 */
export function configProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const set = (name: string) => env[name] !== undefined && env[name] !== '';
  if (set('PORT')) {
    const port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      problems.push(`PORT must be a whole number from 1 to 65535 (it is "${env.PORT}").`);
  }
  if (env.HOST !== undefined && env.HOST.trim() === '')
    problems.push('HOST must be an address to listen on, such as 127.0.0.1 or 0.0.0.0.');
  if (set('DATABASE_URL') && !isUrlWithScheme(env.DATABASE_URL!, ['postgres:', 'postgresql:']))
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database; leave it empty for the embedded SQLite database.',
    );
  for (const name of ['PUBLIC_URL', 'SCAN_BASE_URL']) {
    if (set(name) && !isUrlWithScheme(env[name]!, ['http:', 'https:']))
      problems.push(`${name} must be an http:// or https:// URL (it is "${env[name]}").`);
  }
  if (set('SMTP_URL') && !isUrlWithScheme(env.SMTP_URL!, ['smtp:', 'smtps:']))
    problems.push(
      'SMTP_URL must be an smtp:// or smtps:// URL, or empty to write mail to the log.',
    );
  if (set('LOG_LEVEL') && !LOG_LEVELS.includes(env.LOG_LEVEL!))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (it is "${env.LOG_LEVEL}").`);
  if (env.TRUST_PROXY !== undefined && !BOOLEANS.includes(env.TRUST_PROXY))
    problems.push('TRUST_PROXY must be true or false.');
  if (set('GOOGLE_FONTS_URL') && !isUrlWithScheme(env.GOOGLE_FONTS_URL!, ['http:', 'https:']))
    problems.push('GOOGLE_FONTS_URL must be an http:// or https:// URL.');
  for (const name of ['STRIPE_API_URL', 'VIES_URL']) {
    if (set(name) && !isUrlWithScheme(env[name]!, ['http:', 'https:']))
      problems.push(`${name} must be an http:// or https:// URL (it is "${env[name]}").`);
  }
  if (set('STRIPE_SECRET_KEY') !== set('STRIPE_WEBHOOK_SECRET'))
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take payments with Stripe, or neither for invoices paid by bank transfer.',
    );
  if (set('REDIS_URL') && !isUrlWithScheme(env.REDIS_URL!, ['redis:', 'rediss:']))
    problems.push('REDIS_URL must be a redis:// or rediss:// URL, or empty for a single process.');
  if (set('SIGNUP') && !['open', 'closed'].includes(env.SIGNUP!))
    problems.push(`SIGNUP must be open or closed (it is "${env.SIGNUP}").`);
  if (env.DEMO !== undefined && !BOOLEANS.includes(env.DEMO))
    problems.push('DEMO must be true or false.');
  if (
    set('API_KEY_RATE_LIMIT') &&
    !(Number.isInteger(Number(env.API_KEY_RATE_LIMIT)) && Number(env.API_KEY_RATE_LIMIT) >= 1)
  )
    problems.push(
      `API_KEY_RATE_LIMIT must be a whole number of requests per minute, at least 1 (it is "${env.API_KEY_RATE_LIMIT}").`,
    );
  if (env.WEBHOOK_ALLOW_PRIVATE !== undefined && !BOOLEANS.includes(env.WEBHOOK_ALLOW_PRIVATE))
    problems.push('WEBHOOK_ALLOW_PRIVATE must be true or false.');
  if (
    env.LINK_CHECK_ALLOW_PRIVATE !== undefined &&
    !BOOLEANS.includes(env.LINK_CHECK_ALLOW_PRIVATE)
  )
    problems.push('LINK_CHECK_ALLOW_PRIVATE must be true or false.');
  return problems;
}

/** loadConfig, after configProblems found nothing wrong; otherwise a ConfigError. */
export function loadCheckedConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems = configProblems(env);
  if (problems.length) throw new ConfigError(problems);
  return loadConfig(env);
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
    metricsToken: env.METRICS_TOKEN ?? '',
    whiteLabelTarget: env.WHITE_LABEL_TARGET || new URL(scanBaseUrl).hostname,
    whiteLabelDnsServer: env.WHITE_LABEL_DNS_SERVER ?? '',
    redisUrl: env.REDIS_URL ?? '',
    googleFontsUrl: env.GOOGLE_FONTS_URL || 'https://fonts.googleapis.com',
    signupOpen: env.SIGNUP !== 'closed',
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    stripeApiUrl: env.STRIPE_API_URL || 'https://api.stripe.com',
    viesUrl: (env.VIES_URL || 'https://ec.europa.eu/taxation_customs/vies/rest-api').replace(
      /\/+$/,
      '',
    ),
    apiKeyRateLimit: Number(env.API_KEY_RATE_LIMIT || 600),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true' || env.WEBHOOK_ALLOW_PRIVATE === '1',
    linkCheckAllowPrivate:
      env.LINK_CHECK_ALLOW_PRIVATE === 'true' || env.LINK_CHECK_ALLOW_PRIVATE === '1',
  };
}
