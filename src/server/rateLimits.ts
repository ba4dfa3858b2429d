// Rate limits where enumeration is the attack (issue 7, part 8): unknown scan codes and wrong
// one-time tokens, counted per client address with @fastify/rate-limit — in Redis when REDIS_URL
// is set, so every process shares one count. Only failures count, and an address is refused only
// once it has failed too often: a known code or a right token never waits for anyone else.
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

export interface AttemptLimit {
  /** Seconds the address still has to wait, or 0 when it may try. Counts nothing. */
  waitSeconds(request: FastifyRequest): Promise<number>;
  /** Counts one failure of the address. */
  failed(request: FastifyRequest): Promise<void>;
}

/** Registers the plugin (no global limit) with Redis as its store when one is configured. */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis: rate limits'));
    app.addHook('onClose', async () => redis.disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'qrhub-rl:',
    // Redis down: let requests through rather than turn an outage into refusals.
    skipOnError: true,
  });
}

export function attemptLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindowMs: number,
  /** What is counted apart; the client address by default. */
  keyOf: (request: FastifyRequest) => string = (request) => request.ip,
): AttemptLimit {
  const check = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
    skipOnError: true,
  });
  return {
    async waitSeconds(request) {
      const result = await check(request, { increment: false });
      // isAllowed means the address is on an allow list; otherwise max failures use the budget.
      if (result.isAllowed || result.remaining > 0) return 0;
      return Math.max(1, result.ttlInSeconds);
    },
    async failed(request) {
      await check(request);
    },
  };
}
