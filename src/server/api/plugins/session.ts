// The cookie session: resolves `sid` to `request.user` on every API request, slides the expiry
// forward, and removes expired rows. An `Authorization: Bearer qrh_…` API key (issue 15) yields a
// user too: its creator, limited to the key's project and scope, counted against a per-key rate
// limit. Routes then guard themselves with requireUser or requirePermission.
// Brings @fastify/cookie's request.cookies / reply.setCookie types into scope.
import '@fastify/cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import {
  API_BASE,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_LIFETIME_MS,
  SESSION_TTL_MS,
} from '../../../shared/constants.js';
import type { Language, Role } from '../../../shared/enums.js';
import type { Actor } from '../../domain/actor.js';
import { isRole, ROLE_PERMISSIONS, type PermissionKey } from '../../../shared/permissions.js';
import { deleteSession, extendSession, findSessionWithUser } from '../../repositories/sessions.js';
import { sha256 } from '../../security.js';
import { DomainError, forbidden, tooManyAttempts, unauthenticated } from '../../domain/errors.js';
import { authenticateApiKey } from '../../services/apiKeys.js';
import { customerRequiresTwoFactor } from '../../repositories/twoFactor.js';

/** The signed-in user: the actor services see, plus what the dashboard shows of them. */
export interface SessionUser extends Actor {
  name: string;
  email: string;
  language: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The digest of the session token, the key of the sessions row. */
    sessionId: string | null;
  }
}

// Writing lastSeenAt on every request would turn each read into a write; once a minute is enough
// for a 7-day sliding window.
const EXTEND_AFTER_MS = 60 * 1000;

/** __Host-sid where the cookie can be Secure (https), sid on plain http. */
export const sessionCookieName = (config: Pick<Config, 'secureCookies'>) =>
  config.secureCookies ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function sessionPlugin(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  const apiKeyLimit = app.createRateLimit({
    max: config.apiKeyRateLimit,
    timeWindow: API_KEY_RATE_WINDOW_MS,
    keyGenerator: (request) => `api-key:${request.user?.apiKeyId ?? ''}`,
    skipOnError: true,
  });

  app.addHook('onRequest', async (request, reply) => {
    const bearer = bearerOf(request);
    if (bearer !== null) {
      const identity = await authenticateApiKey(db, bearer);
      if (!identity) throw invalidApiKey();
      request.user = {
        ...identity.actor,
        name: identity.name,
        email: identity.email,
        language: identity.language === 'en' ? 'en' : 'nl',
      };
      // A key works with its project and its statistics, nothing of the account around them.
      const route = request.routeOptions.url ?? '';
      if (!API_KEY_ROUTES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`)))
        throw forbidden();
      const limit = await apiKeyLimit(request);
      if (limit.isAllowed) return;
      // The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), as GitHub sends.
      reply.header('ratelimit-limit', String(limit.max));
      reply.header('ratelimit-remaining', String(limit.remaining));
      reply.header('ratelimit-reset', String(limit.ttlInSeconds));
      if (limit.isExceeded) throw tooManyAttempts(Math.max(1, limit.ttlInSeconds));
      return;
    }
    const token = request.cookies[sessionCookieName(config)];
    if (!token) return;
    const sessionId = sha256(token);
    const found = await findSessionWithUser(db, sessionId);
    if (!found || !isRole(found.user.role)) return;
    const now = Date.now();
    const isIdleTooLong = Date.parse(found.session.expiresAt) <= now;
    const isTooOld = Date.parse(found.session.createdAt) + SESSION_MAX_LIFETIME_MS <= now;
    if (isIdleTooLong || isTooOld) {
      await deleteSession(db, sessionId);
      clearSessionCookie(reply, config);
      return;
    }
    if (now - Date.parse(found.session.lastSeenAt) > EXTEND_AFTER_MS) {
      await extendSession(
        db,
        sessionId,
        new Date(now).toISOString(),
        new Date(now + SESSION_TTL_MS).toISOString(),
      );
      setSessionCookie(reply, token, config);
    }
    const { user } = found;
    const role = user.role as Role;
    request.sessionId = sessionId;
    request.user = {
      id: user.id,
      customerId: user.customerId,
      role,
      permissions: ROLE_PERMISSIONS[role],
      name: user.name,
      email: user.email,
      language: user.language === 'en' ? 'en' : 'nl',
    };
    // A customer that requires two-step sign-in gets it from every account, not only from the
    // dashboard's redirect: until it is set up, the account reaches its own settings and nothing else.
    if (
      user.twoFactorEnabledAt === null &&
      !isTwoFactorSetupRoute(request.routeOptions.url ?? '') &&
      (await customerRequiresTwoFactor(db, user.customerId))
    )
      throw new DomainError(
        'forbidden',
        'two_factor_setup_required',
        'Your organisation requires two-step sign-in: turn it on under Security first',
      );
  });
}

/** What an account without the second factor its customer requires may still call. */
const TWO_FACTOR_SETUP_ROUTES = [
  `${API_BASE}/self`,
  `${API_BASE}/self-service`,
  `${API_BASE}/customers/:id/two-factor`,
];

function isTwoFactorSetupRoute(route: string): boolean {
  return TWO_FACTOR_SETUP_ROUTES.some(
    (prefix) => route === prefix || route.startsWith(`${prefix}/`),
  );
}

const API_KEY_RATE_WINDOW_MS = 60 * 1000;
/** Where an API key may go: its project's routes and the statistics (both check the project). */
const API_KEY_ROUTES = [`${API_BASE}/projects`, `${API_BASE}/analytics`];

/** The token of `Authorization: Bearer …`, or null when the request sends none. */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

const invalidApiKey = () =>
  new DomainError(
    'unauthenticated',
    'api_key_invalid',
    'The API key is unknown, revoked or expired, or its project is gone',
  );

/** Whether the user (or API key) holds the permission key. */
export function userCan(user: SessionUser, key: PermissionKey): boolean {
  return user.permissions.has(key);
}

/** The logged-in user, or a 401. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  currentUser(request);
};

/** 401 without a session, 403 when the actor lacks a permission key (src/shared/permissions.ts). */
export function requirePermission(...keys: PermissionKey[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUser(request);
    if (!keys.every((key) => userCan(user, key))) throw forbidden();
  };
}
