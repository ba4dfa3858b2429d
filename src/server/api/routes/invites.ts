// Invitations of a customer (issue 9, part 2) and registering with an invitation's link (part 3).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FAILED_TOKEN_WINDOW_MS, FAILED_TOKENS_PER_WINDOW } from '../../../shared/constants.js';
import { invitationInputSchema, registerTokenSchema } from '../../../shared/schemas/invitation.js';
import { DomainError, tooManyAttempts } from '../../domain/errors.js';
import { attemptLimit } from '../../rateLimits.js';
import {
  acceptInvitation,
  inviteUser,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  type InviteMailing,
} from '../../services/invites.js';
import { toSelf } from '../../services/presenters.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, setSessionCookie } from '../plugins/session.js';
import { guarded, pathId, type RouteDeps, thenNoContent, wholeList } from './helpers.js';
import { pathParams, withSchemas, dataOf, listOf, noContent } from '../openapi.js';
import {
  invitationPreviewSchema,
  invitationSchema,
  seatsSchema,
  selfSchema,
} from '../../../shared/schemas/responses.js';

interface CustomerParams {
  cid: string;
}
interface InviteParams extends CustomerParams {
  id: string;
}
interface TokenParams {
  token: string;
}

/** Long enough for any token we mail, short enough that junk is refused before hashing. */
const TOKEN_MAX = 200;

export function inviteRoutes(app: FastifyInstance, { db, config, mailer }: RouteDeps): void {
  const api = withSchemas(app);
  const customerIdOf = (params: CustomerParams) => pathId(params.cid, 'customer_not_found');
  const inviteIdOf = (params: InviteParams) => pathId(params.id, 'invite_not_found');
  const mailing = (request: FastifyRequest): InviteMailing => ({
    mailer,
    config,
    work: unitOfWorkOf(request, config),
    mailFailed: (error) => request.log.error({ err: error }, 'invitation mail not sent'),
  });

  // GET /customers/{cid}/invites: every invitation with its state, and the plan's seats.
  api.get(
    '/customers/:cid/invites',
    guarded('InviteCreate', {
      params: pathParams('cid'),
      response: { 200: listOf(invitationSchema, { seats: seatsSchema }) },
    }),
    async (request) => {
      const { invitations, seats } = await listInvitations(
        db,
        currentUser(request),
        customerIdOf(request.params),
      );
      return wholeList(invitations, { seats });
    },
  );

  // POST /customers/{cid}/invites: invite an address with a role and projects; mails the link.
  api.post(
    '/customers/:cid/invites',
    guarded('InviteCreate', {
      params: pathParams('cid'),
      body: invitationInputSchema,
      response: { 201: dataOf(invitationSchema) },
    }),
    async (request, reply) => {
      const customerId = customerIdOf(request.params);
      const actor = currentUser(request);
      const id = await inviteUser(db, actor, customerId, request.body, mailing(request));
      const { invitations } = await listInvitations(db, actor, customerId);
      // The invitation just made is in the list.
      return reply
        .code(201)
        .send({ data: invitations.find((invitation) => invitation.id === id)! });
    },
  );

  // POST /customers/{cid}/invites/{id}/resend: a new link (valid three days); the old one dies.
  api.post(
    '/customers/:cid/invites/:id/resend',
    guarded('InviteResend', { params: pathParams('cid', 'id'), response: { 204: noContent } }),
    async (request, reply) => {
      await resendInvitation(
        db,
        currentUser(request),
        customerIdOf(request.params),
        inviteIdOf(request.params),
        mailing(request),
      );
      return reply.code(204).send();
    },
  );

  // DELETE /customers/{cid}/invites/{id}: revoke; the link stops working.
  api.delete(
    '/customers/:cid/invites/:id',
    guarded('InviteRevoke', { params: pathParams('cid', 'id'), response: { 204: noContent } }),
    thenNoContent(config, ({ user, work }, request) =>
      revokeInvitation(db, user, customerIdOf(request.params), inviteIdOf(request.params), work),
    ),
  );

  // Wrong links count against the client's address (shared with reset links); past the budget it
  // waits, so invitation links cannot be guessed.
  const failedTokens = attemptLimit(app, 'token', FAILED_TOKENS_PER_WINDOW, FAILED_TOKEN_WINDOW_MS);
  async function checkingToken<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const wait = await failedTokens.waitSeconds(request);
    if (wait > 0) throw tooManyAttempts(wait);
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError && error.pointer === '/token') {
        await failedTokens.failed(request);
      }
      throw error;
    }
  }
  const tokenOf = (params: TokenParams) => params.token.slice(0, TOKEN_MAX);

  // GET /register/{token}: the organisation and address the invitation is for.
  api.get(
    '/register/:token',
    { schema: { params: pathParams('token'), response: { 200: dataOf(invitationPreviewSchema) } } },
    async (request) => {
      const preview = await checkingToken(request, () =>
        previewInvitation(db, tokenOf(request.params)),
      );
      return { data: preview };
    },
  );

  // POST /register/{token}: make the account, link its projects and sign it in.
  api.post(
    '/register/:token',
    {
      schema: {
        params: pathParams('token'),
        body: registerTokenSchema,
        response: { 201: dataOf(selfSchema) },
      },
    },
    async (request, reply) => {
      const { sessionToken, user } = await checkingToken(request, () =>
        acceptInvitation(db, tokenOf(request.params), request.body, {
          work: unitOfWorkOf(request, config),
          userAgent: request.headers['user-agent'] ?? null,
        }),
      );
      setSessionCookie(reply, sessionToken, config);
      return reply.code(201).send({ data: toSelf(user) });
    },
  );
}
