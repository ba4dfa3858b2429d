// Trial and expiry with consequences (issue 10, SPEC §8): once a customer's trial is over without a
// paid subscription, or its canceled subscription has run out, every state-changing call of its
// users answers 402 (trial_ended, subscription_canceled). Checked here, once, for every route.
// Reading and downloading stay allowed, and scans never pass through here: printed codes keep
// working whatever the account's state.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { API_BASE } from '../../../shared/constants.js';
import { writeBlockOf } from '../../../shared/billing.js';
import { paymentRequired } from '../../domain/errors.js';
import type { Db } from '../../db/database.js';
import { findCustomer } from '../../repositories/customers.js';
import { accountStateOf } from '../../services/billing.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What an expired account may still do: sign in and out, its own profile and password, pay
 * (checkout and the subscription itself), and convert a QR code for download (a POST that
 * changes nothing).
 */
const ALLOWED_WHEN_EXPIRED = [
  /^\/login(\/|$)/,
  /^\/self-service\//,
  /^\/password\//,
  /^\/recovery$/,
  /^\/self(\/|$)/,
  /^\/register\//,
  /^\/customers\/:id\/subscription(\/|$)/,
  /^\/converter\//,
];

export function isAllowedWhenExpired(routeUrl: string): boolean {
  const path = routeUrl.startsWith(API_BASE) ? routeUrl.slice(API_BASE.length) : routeUrl;
  return ALLOWED_WHEN_EXPIRED.some((pattern) => pattern.test(path));
}

export function accountGuardPlugin(app: FastifyInstance, { db }: { db: Db }): void {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const user = request.user;
    if (!user?.customerId || user.role === 'admin') return;
    const customer = await findCustomer(db, user.customerId);
    if (!customer) return;
    const block = writeBlockOf(await accountStateOf(db, customer));
    if (block) throw paymentRequired(block);
  };
  // Appended after each write route's own checks, so a caller without the permission still hears
  // 403 and a malformed id 404: the 402 speaks only to what the caller could otherwise do.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => STATE_CHANGING.has(method)) || isAllowedWhenExpired(route.url))
      return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, guard];
  });
}
