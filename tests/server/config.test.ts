// Configuration is checked before anything starts: one sentence per bad variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, configProblems, loadCheckedConfig } from '../../src/server/config.js';

describe('configProblems', () => {
  it('accepts an empty environment (every default)', () => {
    expect(configProblems({})).toEqual([]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535 (it is "abc").'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535 (it is "70000").'],
    [{ HOST: ' ' }, 'HOST must be an address to listen on, such as 127.0.0.1 or 0.0.0.0.'],
    [{ DATABASE_URL: 'mysql://root@localhost/qr' }, 'DATABASE_URL must be a PostgreSQL URL'],
    [{ DATABASE_URL: 'postgres//missing-colon' }, 'DATABASE_URL must be a PostgreSQL URL'],
    [{ PUBLIC_URL: 'qr.example.com' }, 'PUBLIC_URL must be an http:// or https:// URL'],
    [
      { SCAN_BASE_URL: 'ftp://qr.example.com/s' },
      'SCAN_BASE_URL must be an http:// or https:// URL',
    ],
    [{ SMTP_URL: 'mail.example.com:25' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be true or false.'],
    [{ REDIS_URL: '127.0.0.1:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together'],
    [{ VIES_URL: 'ec.europa.eu' }, 'VIES_URL must be an http:// or https:// URL'],
  ])('%o → %s', (env, sentence) => {
    const problems = configProblems(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(sentence);
  });

  it.each([
    { PORT: '8080', DATABASE_URL: 'postgresql://app:pw@db:5432/qrhub' },
    { PUBLIC_URL: 'https://qr.example.com', SCAN_BASE_URL: 'https://q.example.com' },
    { SMTP_URL: 'smtps://user:pw@mail.example.com:465', LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
    { REDIS_URL: 'redis://127.0.0.1:6379/0' },
    { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', VIES_URL: 'http://vies' },
  ])('accepts %o', (env) => {
    expect(configProblems(env)).toEqual([]);
  });

  it('loadCheckedConfig throws every problem at once', () => {
    let thrown: unknown;
    try {
      loadCheckedConfig({ PORT: 'x', LOG_LEVEL: 'y' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toHaveLength(2);
  });
});
