// Refuses state-changing requests without a known Client-Type header. Browsers cannot add the
// header to a cross-site form post, so this doubles as CSRF protection for the cookie session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_TYPE_HEADER } from '../../../shared/constants.js';
import { CLIENT_TYPES, type ClientType } from '../../../shared/enums.js';
import { DomainError } from '../../domain/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function clientTypeOf(request: FastifyRequest): ClientType | null {
  const value = request.headers[CLIENT_TYPE_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  return (CLIENT_TYPES as readonly string[]).includes(text ?? '') ? (text as ClientType) : null;
}

export function clientTypePlugin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && !clientTypeOf(request)) {
      throw new DomainError(
        'bad_request',
        'client_type_required',
        `A Client-Type header (${CLIENT_TYPES.join(', ')}) is required`,
      );
    }
  });
}
