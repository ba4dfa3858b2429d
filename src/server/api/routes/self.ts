// The logged-in user's own account and registration progress.
import type { FastifyInstance } from 'fastify';
import { passwordChangeSchema, selfUpdateSchema } from '../../../shared/schemas/auth.js';
import { findCustomer } from '../../repositories/customers.js';
import { findUserById } from '../../repositories/users.js';
import { changePassword } from '../../services/auth.js';
import { toProgress, toSelf } from '../../services/presenters.js';
import { updateSelf } from '../../services/users.js';
import { unauthenticated } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import type { RouteDeps } from './helpers.js';

export function selfRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const selfOf = async (id: string) => {
    const row = await findUserById(db, id);
    if (!row) throw unauthenticated();
    return toSelf(row);
  };

  // GET /self: the logged-in user with their permission keys.
  app.get('/self', { preHandler: requirePermission('UserSelfView') }, async (request) => ({
    data: await selfOf(currentUser(request).id),
  }));

  // PUT /self: change one's name and language.
  app.put('/self', { preHandler: requirePermission('UserUpdate') }, async (request) => {
    const input = selfUpdateSchema.parse(request.body);
    const user = currentUser(request);
    await updateSelf(db, user, input, unitOfWorkOf(request, config));
    return { data: await selfOf(user.id) };
  });

  // PUT /self/password: change one's password (the current one is checked).
  app.put(
    '/self/password',
    { preHandler: requirePermission('UserPassword') },
    async (request, reply) => {
      const input = passwordChangeSchema.parse(request.body);
      await changePassword(
        db,
        currentUser(request).id,
        request.sessionId,
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // GET /register/progress: the trial of the caller's customer (admins have none).
  app.get(
    '/register/progress',
    { preHandler: requirePermission('Registration') },
    async (request) => {
      const user = currentUser(request);
      const customer = user.customerId ? await findCustomer(db, user.customerId) : null;
      return { data: customer ? toProgress(customer) : { trialEndAt: null, done: true } };
    },
  );
}
