// Short links of a project: the routes every project item shares (projectItems.ts), and a free
// random uri to suggest (the changes are in services/shortLinks.ts).
import type { FastifyInstance } from 'fastify';
import { newShortLinkSchema, shortLinkUpdateSchema } from '../../../shared/schemas/shortLink.js';
import { scanBaseOf, shortLinkUrlOf } from '../../services/qrCodes.js';
import {
  createShortLink,
  deleteTrashedShortLink,
  duplicateShortLink,
  editShortLink,
  freshUri,
  hostForNewLinks,
  presentShortLinks,
  restoreShortLink,
  shortLinkOr404,
  trashShortLink,
} from '../../services/shortLinks.js';
import { checkShortLink, downloadShortLink } from '../../services/download.js';
import { shortLinkSchema, suggestedUriSchema } from '../../../shared/schemas/responses.js';
import { guarded, projectOfRequest, type RouteDeps } from './helpers.js';
import { projectItemRoutes } from './projectItems.js';
import { qrPrintRoutes } from './qrPrint.js';
import { projectParams, withSchemas, dataOf } from '../openapi.js';

export function shortLinkRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const api = withSchemas(app);
  const { db, config } = deps;
  projectItemRoutes(app, deps, {
    path: 'short-links',
    resource: 'ShortLink',
    notFound: 'short_link_not_found',
    newSchema: newShortLinkSchema,
    updateSchema: shortLinkUpdateSchema,
    answerSchema: shortLinkSchema,
    list: 'listShortLinks',
    present: presentShortLinks,
    find: async (...args) => (await shortLinkOr404(...args)).shortLink,
    create: createShortLink,
    edit: editShortLink,
    duplicate: duplicateShortLink,
    trash: trashShortLink,
    restore: restoreShortLink,
    deleteTrashed: deleteTrashedShortLink,
  });

  // GET /projects/{pid}/short-links/suggest-uri: a random uri that is free right now, with its URL.
  api.get(
    '/projects/:pid/short-links/suggest-uri',
    guarded('ShortLinkCreate', {
      params: projectParams,
      response: { 200: dataOf(suggestedUriSchema) },
    }),
    async (request) => {
      const project = await projectOfRequest(db, request);
      const host = await hostForNewLinks(db, project.customerId);
      const uri = await freshUri(db, host);
      const base = await scanBaseOf(db, config, project.customerId);
      return { data: { uri, scanUrl: shortLinkUrlOf(config, host, uri, base) } };
    },
  );

  // GET …/short-links/{id}/download and …/scan-check: the short link's QR code as a print file.
  qrPrintRoutes(app, deps, {
    path: 'short-links',
    permission: 'ShortLinkView',
    notFound: 'short_link_not_found',
    download: downloadShortLink,
    check: checkShortLink,
  });
}
