// Self sign-up with a mailed code (issue 9, part 4) and the first administrator of an empty
// server (part 6). Invitations (/register/{token}) live in their own routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EMAIL_CODE_TTL_MS,
  FAILED_TOKEN_WINDOW_MS,
  FAILED_TOKENS_PER_WINDOW,
  LANGUAGE_COOKIE,
} from '../../../shared/constants.js';
import type { Language } from '../../../shared/enums.js';
import type { AuthOptions } from '../../../shared/schemas/signup.js';
import {
  firstAdminSchema,
  registerResendSchema,
  registerSchema,
  registerVerifySchema,
} from '../../../shared/schemas/signup.js';
import { DomainError, tooManyAttempts } from '../../domain/errors.js';
import { verificationCodeMail } from '../../mail.js';
import { attemptLimit } from '../../rateLimits.js';
import { pickLanguage } from '../../scan/i18n.js';
import {
  createFirstAdmin,
  firstAdminNeeded,
  registerCustomer,
  resendEmailCode,
  verifyEmail,
} from '../../services/signup.js';
import { selfWithTwoFactor } from '../../services/twoFactor.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { setSessionCookie } from '../plugins/session.js';
import type { RouteDeps } from './helpers.js';
import { withSchemas, dataOf, noContent } from '../openapi.js';
import {
  authOptionsSchema,
  registeredSchema,
  selfSchema,
} from '../../../shared/schemas/responses.js';

/** The language the visitor reads the dashboard in: its cookie, else the browser's wish. */
function languageOf(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (chosen === 'nl' || chosen === 'en') return chosen;
  return pickLanguage(request.headers['accept-language']);
}

export function registrationRoutes(app: FastifyInstance, { db, config, mailer }: RouteDeps): void {
  const api = withSchemas(app);
  const minutes = Math.round(EMAIL_CODE_TTL_MS / 60_000);

  // GET /setup: whether the server waits for its first administrator and whether sign-up is open.
  api.get(
    '/setup',
    { schema: { response: { 200: dataOf(authOptionsSchema) } } },
    async (): Promise<{ data: AuthOptions }> => ({
      data: { firstAdminNeeded: await firstAdminNeeded(db), signupOpen: config.signupOpen },
    }),
  );

  // POST /setup/first-admin: the first administrator, only while no user exists; signs them in.
  api.post(
    '/setup/first-admin',
    { schema: { body: firstAdminSchema, response: { 201: dataOf(selfSchema) } } },
    async (request, reply) => {
      const { token, user } = await createFirstAdmin(db, request.body, languageOf(request), {
        work: unitOfWorkOf(request, config),
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(reply, token, config);
      return reply.code(201).send({ data: await selfWithTwoFactor(db, user) });
    },
  );

  // POST /register: a new customer in its trial and its customer admin; mails the code.
  api.post(
    '/register',
    { schema: { body: registerSchema, response: { 201: dataOf(registeredSchema) } } },
    async (request, reply) => {
      const { user, code } = await registerCustomer(
        db,
        config,
        request.body,
        languageOf(request),
        unitOfWorkOf(request, config),
      );
      await mailer.send(verificationCodeMail(user, code, minutes));
      return reply.code(201).send({ data: { email: user.email } });
    },
  );

  // POST /register/verify: the mailed code verifies the address and signs the user in. Wrong
  // codes count against the address like wrong tokens, and each code allows only a few tries.
  const failedCodes = attemptLimit(
    app,
    'email-code',
    FAILED_TOKENS_PER_WINDOW,
    FAILED_TOKEN_WINDOW_MS,
  );
  api.post(
    '/register/verify',
    { schema: { body: registerVerifySchema, response: { 200: dataOf(selfSchema) } } },
    async (request, reply) => {
      const wait = await failedCodes.waitSeconds(request);
      if (wait > 0) throw tooManyAttempts(wait);
      try {
        const { token, user } = await verifyEmail(db, request.body, {
          work: unitOfWorkOf(request, config),
          userAgent: request.headers['user-agent'] ?? null,
        });
        setSessionCookie(reply, token, config);
        return { data: await selfWithTwoFactor(db, user) };
      } catch (error) {
        if (error instanceof DomainError && error.pointer === '/code')
          await failedCodes.failed(request);
        throw error;
      }
    },
  );

  // POST /register/verify/resend: a new code for an address waiting for one; 204 for any address.
  api.post(
    '/register/verify/resend',
    { schema: { body: registerResendSchema, response: { 204: noContent } } },
    async (request, reply) => {
      const { email } = request.body;
      const wait = await failedCodes.waitSeconds(request);
      if (wait > 0) throw tooManyAttempts(wait);
      // Each resend counts, so the route cannot be used to flood someone's mailbox.
      await failedCodes.failed(request);
      const issued = await resendEmailCode(db, email);
      if (issued) await mailer.send(verificationCodeMail(issued.user, issued.code, minutes));
      return reply.code(204).send();
    },
  );
}
