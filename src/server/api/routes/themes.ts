// Themes of a project (SPEC §3 Theme, §4 "a theme can be set active"): list, create, read, edit,
// delete, duplicate, activate, delete the logo, and a preview rendered by the scan service's own
// landing-page renderer. Each change runs in one transaction with its audit row and then drops the
// project's codes from the scan cache, so landing pages show the change at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { contactDataSchema } from '../../../shared/schemas/action.js';
import {
  readStoredThemeSettings,
  themeInputSchema,
  themePreviewSchema,
  themeUpdateSchema,
  type Theme,
} from '../../../shared/schemas/theme.js';
import { listThemes, type ThemeRow } from '../../repositories/themes.js';
import { loadMessages } from '../../scan/i18n.js';
import { contactPage } from '../../scan/pages.js';
import { readThemeSettings } from '../../scan/theme.js';
import { mediaStorageFor, removeStoredFiles } from '../../services/media.js';
import {
  themeOr404,
  checkMedia,
  createTheme,
  editTheme,
  removeTheme,
  duplicateTheme,
  activateTheme,
  deleteThemeLogo,
} from '../../services/themes.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, type SessionUser } from '../plugins/session.js';
import {
  guarded,
  sendHtmlPage,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type RouteDeps,
  removalRoute,
} from './helpers.js';
import { type ItemIds, projectList, projectResourceRoutes } from './projectResource.js';
import { projectItemParams, projectParams, withSchemas, dataOf, fileAnswer } from '../openapi.js';
import { themeSchema } from '../../../shared/schemas/responses.js';

const themeListQuerySchema = listQuerySchema.extend({
  isActive: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
});

/** `Theme` of docs/api-themes.md. */
export function toTheme(row: ThemeRow): Theme {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    isActive: Number(row.isActive) === 1,
    settings: readStoredThemeSettings(row.settings),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function themeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config } = deps;
  const api = withSchemas(app);
  const messages = loadMessages();
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'not_found');
  const read = async (user: SessionUser, { projectId, id }: ItemIds) =>
    toTheme((await themeOr404(db, user, projectId, id)).theme);
  const env = (request: FastifyRequest) => ({
    db,
    user: currentUser(request),
    work: unitOfWorkOf(request, config),
    freeFiles: (keys: string[]) => removeStoredFiles(mediaStorageFor(config), keys, request.log),
  });

  projectResourceRoutes(app, deps, {
    path: 'themes',
    notFound: 'not_found',
    resource: 'Theme',
    listAlsoRequires: 'ProjectThemesView',
    schemas: {
      query: themeListQuerySchema,
      create: themeInputSchema,
      update: themeUpdateSchema,
      answer: themeSchema,
    },
    // q searches names, filter isActive.
    list: projectList(db, listThemes, toTheme),
    read,
    // Inactive until activated.
    create: ({ request }, projectId, input) =>
      createTheme(env(request), projectId, input.name, input.settings),
    // Name and/or settings (settings are replaced whole).
    edit: ({ request }, { projectId, id }, input) => editTheme(env(request), projectId, id, input),
    // An active theme's project falls back to the default look.
    remove: ({ request }, { projectId, id }) => removeTheme(env(request), projectId, id),
  });

  // POST /projects/{pid}/themes/preview: a sample landing page with these settings, as HTML.
  api.post(
    '/projects/:pid/themes/preview',
    guarded('ThemeView', {
      params: projectParams,
      body: themePreviewSchema,
      response: { 200: fileAnswer('text/html', 'A sample landing page in the theme sent') },
    }),
    async (request, reply) => {
      const project = await projectOfRequest(db, request);
      const { settings } = request.body;
      await checkMedia(db, project, settings, null);
      const lang = currentUser(request).language;
      const page = contactPage(
        {
          lang,
          messages: messages[lang],
          theme: readThemeSettings(JSON.stringify(settings), settings.logo.mediaId),
        },
        SAMPLE_CONTACT,
        'preview',
      );
      return sendHtmlPage(reply, page);
    },
  );

  // POST /projects/{pid}/themes/{id}/duplicate: an inactive copy named "{name} (copy)".
  api.post(
    '/projects/:pid/themes/:id/duplicate',
    guarded('ThemeDuplicate', {
      params: projectItemParams,
      response: { 201: dataOf(themeSchema) },
    }),
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const copyId = await duplicateTheme(env(request), projectId, id);
      return reply
        .code(201)
        .send({ data: await read(currentUser(request), { projectId, id: copyId }) });
    },
  );

  // POST /projects/{pid}/themes/{id}/activate: make it the project's one active theme.
  api.post(
    '/projects/:pid/themes/:id/activate',
    guarded('ThemeSetActive', {
      params: projectItemParams,
      response: { 200: dataOf(themeSchema) },
    }),
    async (request) => {
      const ids = idsOf(request.params);
      await activateTheme(env(request), ids.projectId, ids.id);
      return { data: await read(currentUser(request), ids) };
    },
  );

  // DELETE /projects/{pid}/themes/{id}/logo: remove the logo (and free the file when unused).
  removalRoute(
    app,
    '/projects/:pid/themes/:id/logo',
    requirePermission('ThemeLogoDelete'),
    'not_found',
    (request, { projectId, id }) => deleteThemeLogo(env(request), projectId, id),
  );
}

/** The sample card the preview shows: a contact page uses every part a theme styles. */
const SAMPLE_CONTACT = contactDataSchema.parse({
  avatar: { mediaId: null, remove: false },
  name: 'Sam Jansen',
  emailAddresses: [{ type: 'work', email: 'sam@example.com' }],
  phoneNumbers: [{ type: 'mobile', phoneNumber: '+31 6 12345678' }],
  company: { name: 'Studio Noord', position: 'Designer' },
  address: { street: 'Keizersgracht 1', zipCode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
  website: { personal: 'https://example.com', linkedIn: null },
});
