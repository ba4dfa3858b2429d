// Login, the two-step logout flow, and password recovery by mail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  loginSchema,
  logoutFlowUpdateSchema,
  passwordForgetSchema,
  recoverySchema,
} from '../../../shared/schemas/auth.js';
import {
  API_BASE,
  FAILED_TOKEN_WINDOW_MS,
  FAILED_TOKENS_PER_WINDOW,
  PENDING_LOGIN_COOKIE,
  PENDING_LOGIN_TTL_MS,
} from '../../../shared/constants.js';
import { twoFactorLoginSchema } from '../../../shared/schemas/twoFactor.js';
import { DomainError, tooManyAttempts } from '../../domain/errors.js';
import { securityNoticeMail } from '../../mail.js';
import { attemptLimit } from '../../rateLimits.js';
import {
  completeLogout,
  createLogoutFlow,
  login,
  loginWithSecondFactor,
  recoverPassword,
  requestPasswordReset,
} from '../../services/auth.js';
import { selfWithTwoFactor } from '../../services/twoFactor.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { clearSessionCookie, currentUser, setSessionCookie } from '../plugins/session.js';
import type { RouteDeps } from './helpers.js';
import { withSchemas, dataOf, noContent } from '../openapi.js';
import {
  loginAnswerSchema,
  logoutFlowSchema,
  selfSchema,
} from '../../../shared/schemas/responses.js';

export function authRoutes(app: FastifyInstance, { db, config, mailer }: RouteDeps): void {
  const api = withSchemas(app);
  const loginContext = (request: FastifyRequest) => ({
    ip: request.ip,
    work: unitOfWorkOf(request, config),
    userAgent: request.headers['user-agent'] ?? null,
  });
  // The pending sign-in lives in its own cookie, sent only to the second step.
  const pendingCookie = {
    path: `${API_BASE}/login/two-factor`,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
  };

  // POST /login: check the credentials (throttled); start a session and answer Self, or, when the
  // account has two-step sign-in, answer { twoFactorRequired } and a pending-login cookie.
  api.post(
    '/login',
    { schema: { body: loginSchema, response: { 200: dataOf(loginAnswerSchema) } } },
    async (request, reply) => {
      const result = await login(db, request.body, loginContext(request));
      if (result.kind === 'two_factor') {
        reply.setCookie(PENDING_LOGIN_COOKIE, result.pendingToken, {
          ...pendingCookie,
          maxAge: Math.floor(PENDING_LOGIN_TTL_MS / 1000),
        });
        return { data: { twoFactorRequired: true } };
      }
      setSessionCookie(reply, result.token, config);
      return { data: await selfWithTwoFactor(db, result.user) };
    },
  );

  // POST /login/two-factor: the second step with { code } or { recoveryCode } (throttled like the
  // password); starts the session and answers Self.
  api.post(
    '/login/two-factor',
    { schema: { body: twoFactorLoginSchema, response: { 200: dataOf(selfSchema) } } },
    async (request, reply) => {
      const { token, user } = await loginWithSecondFactor(
        db,
        request.cookies[PENDING_LOGIN_COOKIE],
        request.body,
        loginContext(request),
      );
      reply.clearCookie(PENDING_LOGIN_COOKIE, pendingCookie);
      setSessionCookie(reply, token, config);
      return { data: await selfWithTwoFactor(db, user) };
    },
  );

  // GET /self-service/logout/browser: create a logout flow for this session.
  api.get(
    '/self-service/logout/browser',
    { schema: { response: { 200: logoutFlowSchema } } },
    async (request) => {
      currentUser(request);
      const logoutToken = await createLogoutFlow(db, request.sessionId ?? '');
      return {
        logout_token: logoutToken,
        logout_url: `${config.publicUrl}${API_BASE}/self-service/logout?token=${encodeURIComponent(logoutToken)}`,
      };
    },
  );

  // POST /self-service/logout: complete the flow; ends the session and clears the cookie.
  api.post(
    '/self-service/logout',
    { schema: { body: logoutFlowUpdateSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await completeLogout(db, request.body.logout_token, unitOfWorkOf(request, config));
      clearSessionCookie(reply, config);
      return reply.code(204).send();
    },
  );

  // POST /password/forget: mail a reset link; 204 whether or not the account exists.
  api.post(
    '/password/forget',
    { schema: { body: passwordForgetSchema, response: { 204: noContent } } },
    async (request, reply) => {
      // Not awaited: the answer comes as fast for an unknown address as for a known one, whose
      // link is stored and mailed afterwards. Failing only for existing accounts would reveal them;
      // the log tells the operator.
      requestPasswordReset(
        db,
        mailer,
        config,
        request.body.email,
        unitOfWorkOf(request, config),
      ).catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      return reply.code(204).send();
    },
  );

  // POST /recovery: set a new password with the mailed token. Wrong tokens count against the
  // address; past the budget it waits, so reset links cannot be guessed.
  const failedTokens = attemptLimit(app, 'token', FAILED_TOKENS_PER_WINDOW, FAILED_TOKEN_WINDOW_MS);
  api.post(
    '/recovery',
    { schema: { body: recoverySchema, response: { 204: noContent } } },
    async (request, reply) => {
      const wait = await failedTokens.waitSeconds(request);
      if (wait > 0) throw tooManyAttempts(wait);
      let user;
      try {
        user = await recoverPassword(db, request.body, unitOfWorkOf(request, config));
      } catch (error) {
        if (error instanceof DomainError && error.pointer === '/token')
          await failedTokens.failed(request);
        throw error;
      }
      await mailer
        .send(securityNoticeMail(user, 'password_changed'))
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'security notice mail failed'),
        );
      return reply.code(204).send();
    },
  );
}
