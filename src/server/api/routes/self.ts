// The logged-in user's own account and registration progress.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordChangeSchema, selfUpdateSchema } from '../../../shared/schemas/auth.js';
import { findCustomer } from '../../repositories/customers.js';
import { findUserById } from '../../repositories/users.js';
import { changePassword } from '../../services/auth.js';
import { toProgress } from '../../services/presenters.js';
import {
  confirmTwoFactor,
  disableTwoFactor,
  selfWithTwoFactor,
  setTwoFactorPolicy,
  startTwoFactorSetup,
  twoFactorStateOf,
} from '../../services/twoFactor.js';
import {
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorPolicySchema,
} from '../../../shared/schemas/twoFactor.js';
import { securityNoticeMail, type Mail } from '../../mail.js';
import { onboardingStepsOf } from '../../services/signup.js';
import { updateSelf } from '../../services/users.js';
import { unauthenticated } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser } from '../plugins/session.js';
import { changeBy, guarded, pathId, type RouteDeps } from './helpers.js';
import { idParams, withSchemas, dataOf, noContent } from '../openapi.js';
import {
  onboardingProgressSchema,
  recoveryCodesSchema,
  selfSchema,
  twoFactorSetupSchema,
  twoFactorStateSchema,
} from '../../../shared/schemas/responses.js';

export function selfRoutes(app: FastifyInstance, { db, config, mailer }: RouteDeps): void {
  const api = withSchemas(app);
  const userRowOf = async (id: string) => {
    const row = await findUserById(db, id);
    if (!row) throw unauthenticated();
    return row;
  };
  const selfOf = async (id: string) => selfWithTwoFactor(db, await userRowOf(id));
  /** A security notice must not undo the change it reports: a failed mail is only logged. */
  const notify = async (request: FastifyRequest, mail: Mail) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      request.log.error({ err: error }, 'security notice mail failed');
    }
  };

  // GET /self: the logged-in user with their permission keys.
  api.get(
    '/self',
    guarded('UserSelfView', { response: { 200: dataOf(selfSchema) } }),
    async (request) => ({
      data: await selfOf(currentUser(request).id),
    }),
  );

  // PUT /self: change one's name and language.
  api.put(
    '/self',
    guarded('UserUpdate', { body: selfUpdateSchema, response: { 200: dataOf(selfSchema) } }),
    async (request) => {
      const { user, work } = changeBy(request, config);
      await updateSelf(db, user, request.body, work);
      return { data: await selfOf(user.id) };
    },
  );

  // PUT /self/password: change one's password (the current one is checked).
  api.put(
    '/self/password',
    guarded('UserPassword', { body: passwordChangeSchema, response: { 204: noContent } }),
    async (request, reply) => {
      const { user, work } = changeBy(request, config);
      await changePassword(db, user.id, request.sessionId, request.body, work);
      await notify(request, securityNoticeMail(user, 'password_changed'));
      return reply.code(204).send();
    },
  );

  // GET /self/two-factor: whether two-step sign-in is on, required, and recovery codes left.
  api.get(
    '/self/two-factor',
    guarded('UserSelfView', { response: { 200: dataOf(twoFactorStateSchema) } }),
    async (request) => ({
      data: await twoFactorStateOf(db, await userRowOf(currentUser(request).id)),
    }),
  );

  // POST /self/two-factor: a new secret and its otpauth URL (shown as a QR code); not in force yet.
  api.post(
    '/self/two-factor',
    guarded('UserPassword', { response: { 200: dataOf(twoFactorSetupSchema) } }),
    async (request) => ({
      data: await startTwoFactorSetup(db, currentUser(request), unitOfWorkOf(request, config)),
    }),
  );

  // POST /self/two-factor/confirm: a right code turns it on; answers the ten recovery codes once.
  api.post(
    '/self/two-factor/confirm',
    guarded('UserPassword', {
      body: twoFactorConfirmSchema,
      response: { 200: dataOf(recoveryCodesSchema) },
    }),
    async (request) => {
      const { code } = request.body;
      const { recoveryCodes, user } = await confirmTwoFactor(
        db,
        currentUser(request),
        code,
        unitOfWorkOf(request, config),
      );
      await notify(request, securityNoticeMail(user, 'two_factor_enabled'));
      return { data: { recoveryCodes } };
    },
  );

  // DELETE /self/two-factor: turn it off with { password } or { code }.
  api.delete(
    '/self/two-factor',
    guarded('UserPassword', { body: twoFactorDisableSchema, response: { 204: noContent } }),
    async (request, reply) => {
      const user = await disableTwoFactor(
        db,
        currentUser(request),
        request.body,
        unitOfWorkOf(request, config),
      );
      await notify(request, securityNoticeMail(user, 'two_factor_disabled'));
      return reply.code(204).send();
    },
  );

  // PUT /customers/{id}/two-factor: require two-step sign-in of every user of the customer.
  api.put(
    '/customers/:id/two-factor',
    guarded('CustomerUpdate', {
      params: idParams,
      body: twoFactorPolicySchema,
      response: { 200: dataOf(twoFactorPolicySchema) },
    }),
    async (request) => {
      const customerId = pathId(request.params.id, 'customer_not_found');
      const { required } = request.body;
      await setTwoFactorPolicy(
        db,
        currentUser(request),
        customerId,
        required,
        unitOfWorkOf(request, config),
      );
      return { data: { required } };
    },
  );

  // GET /register/progress: the trial of the caller's customer and its onboarding checklist
  // (admins have neither).
  api.get(
    '/register/progress',
    guarded('Registration', { response: { 200: dataOf(onboardingProgressSchema) } }),
    async (request) => {
      const user = await userRowOf(currentUser(request).id);
      const customer = user.customerId ? await findCustomer(db, user.customerId) : null;
      if (!customer) return { data: { trialEndAt: null, done: true } };
      return {
        data: { ...toProgress(customer), steps: await onboardingStepsOf(db, user, customer) },
      };
    },
  );
}
