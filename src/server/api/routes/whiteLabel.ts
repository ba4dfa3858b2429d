// White-label hostnames of a customer (issue 14): platform admins manage them, the customer's
// admins read them with the DNS record to set.
import type { FastifyInstance } from 'fastify';
import {
  whiteLabelHostnameInputSchema,
  whiteLabelHostnameUpdateSchema,
} from '../../../shared/schemas/whiteLabel.js';
import type { WhiteLabelService } from '../../services/whiteLabel.js';
import { currentUser } from '../plugins/session.js';
import { changeBy, guarded, pathId, type RouteDeps, thenNoContent } from './helpers.js';
import { pathParams, withSchemas, dataOf, noContent } from '../openapi.js';
import { whiteLabelHostnameSchema } from '../../../shared/schemas/responses.js';
import { z } from 'zod';

interface CustomerParams {
  cid: string;
}
interface HostnameParams extends CustomerParams {
  id: string;
}

const ids = (params: HostnameParams) => ({
  customerId: pathId(params.cid, 'customer_not_found'),
  id: pathId(params.id, 'white_label_hostname_not_found'),
});

export function whiteLabelRoutes(
  app: FastifyInstance,
  { config }: RouteDeps,
  service: WhiteLabelService,
): void {
  const api = withSchemas(app);
  // GET /customers/{cid}/white-label-hostnames: the customer's hostnames with their state.
  api.get(
    '/customers/:cid/white-label-hostnames',
    guarded('WhiteLabelView', {
      params: pathParams('cid'),
      response: { 200: dataOf(z.array(whiteLabelHostnameSchema)) },
    }),
    async (request) => ({
      data: await service.list(
        currentUser(request),
        pathId(request.params.cid, 'customer_not_found'),
      ),
    }),
  );

  // POST /customers/{cid}/white-label-hostnames { hostname }: add one (platform admins).
  api.post(
    '/customers/:cid/white-label-hostnames',
    guarded('WhiteLabelSettings', {
      params: pathParams('cid'),
      body: whiteLabelHostnameInputSchema,
      response: { 201: dataOf(whiteLabelHostnameSchema) },
    }),
    async (request, reply) => {
      const { user, work } = changeBy(request, config);
      const customerId = pathId(request.params.cid, 'customer_not_found');
      const data = await service.add(user, customerId, request.body.hostname, work);
      return reply.code(201).send({ data });
    },
  );

  // PUT /customers/{cid}/white-label-hostnames/{id} { primary, verified, scheme } (platform admins).
  api.put(
    '/customers/:cid/white-label-hostnames/:id',
    guarded('WhiteLabelSettings', {
      params: pathParams('cid', 'id'),
      body: whiteLabelHostnameUpdateSchema,
      response: { 200: dataOf(whiteLabelHostnameSchema) },
    }),
    async (request) => {
      const { customerId, id } = ids(request.params);
      const { user, work } = changeBy(request, config);
      return { data: await service.update(user, customerId, id, request.body, work) };
    },
  );

  // POST /customers/{cid}/white-label-hostnames/{id}/verify: check DNS now (platform admins).
  api.post(
    '/customers/:cid/white-label-hostnames/:id/verify',
    guarded('WhiteLabelSettings', {
      params: pathParams('cid', 'id'),
      response: { 200: dataOf(whiteLabelHostnameSchema) },
    }),
    async (request) => {
      const { customerId, id } = ids(request.params);
      const { user, work } = changeBy(request, config);
      return { data: await service.verify(user, customerId, id, work) };
    },
  );

  // DELETE /customers/{cid}/white-label-hostnames/{id} (platform admins); its URLs stop working.
  api.delete(
    '/customers/:cid/white-label-hostnames/:id',
    guarded('WhiteLabelSettings', {
      params: pathParams('cid', 'id'),
      response: { 204: noContent },
    }),
    thenNoContent(config, ({ user, work }, request) => {
      const { customerId, id } = ids(request.params);
      return service.remove(user, customerId, id, work);
    }),
  );
}
