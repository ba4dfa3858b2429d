// The cookie session: resolves `sid` to `request.user` on every API request, slides the expiry
// forward, and removes expired rows. Routes then guard themselves with requireUser or
// requirePermission.
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
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_LIFETIME_MS,
  SESSION_TTL_MS,
} from '../../../shared/constants.js';
import type { Language, Role } from '../../../shared/enums.js';
import type { Actor } from '../../domain/actor.js';
import { hasPermission, isRole, type PermissionKey } from '../../../shared/permissions.js';
import { deleteSession, extendSession, findSessionWithUser } from '../../repositories/sessions.js';
import { sha256 } from '../../security.js';
import { forbidden, unauthenticated } from '../../domain/errors.js';

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

  app.addHook('onRequest', async (request, reply) => {
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
    request.sessionId = sessionId;
    request.user = {
      id: user.id,
      customerId: user.customerId,
      role: user.role as Role,
      name: user.name,
      email: user.email,
      language: user.language === 'en' ? 'en' : 'nl',
    };
  });
}

/** The logged-in user, or a 401. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  currentUser(request);
};

/** 401 without a session, 403 when the role lacks the permission key (src/shared/permissions.ts). */
export function requirePermission(...keys: PermissionKey[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUser(request);
    if (!keys.every((key) => hasPermission(user.role, key))) throw forbidden();
  };
}
