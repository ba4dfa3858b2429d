// Themes of a project (SPEC §3 Theme, §4 "a theme can be set active"): list, create, read, edit,
// delete, duplicate, activate, delete the logo, and a preview rendered by the scan service's own
// landing-page renderer. Each change runs in one transaction with its audit row and then drops the
// project's codes from the scan cache, so landing pages show the change at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ulid } from 'ulidx';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { contactDataSchema } from '../../../shared/schemas/action.js';
import {
  readStoredThemeSettings,
  themeInputSchema,
  themePreviewSchema,
  themeUpdateSchema,
  type Theme,
  type ThemeSettings,
} from '../../../shared/schemas/theme.js';
import { hasPermission } from '../../../shared/permissions.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import {
  deleteTheme,
  findTheme,
  insertTheme,
  listThemes,
  setActiveTheme,
  updateTheme,
  type ThemeRow,
} from '../../repositories/themes.js';
import { insertAuditLog, type AuditContext } from '../../repositories/auditLogs.js';
import type { Executor } from '../../repositories/executor.js';
import { invalidateProject } from '../../scan/cache.js';
import { loadMessages } from '../../scan/i18n.js';
import { contactPage } from '../../scan/pages.js';
import { readThemeSettings } from '../../scan/theme.js';
import {
  IMAGE_KINDS,
  mediaStorageFor,
  releaseMedia,
  removeStoredFiles,
  usableMediaOr422,
} from '../../services/media.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import type { SessionUser } from '../plugins/session.js';
import { forbidden, notFound } from '../httpError.js';
import { auditContextOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type ProjectParams,
  type RouteDeps,
} from './helpers.js';

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

export function themeRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const messages = loadMessages();
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'not_found');
  const one = async (request: FastifyRequest, projectId: string, id: string) => {
    const { theme } = await themeOr404(db, currentUser(request), projectId, id);
    return { data: toTheme(theme) };
  };
  const env = (request: FastifyRequest) => ({
    db,
    user: currentUser(request),
    audit: auditContextOf(request, config),
    freeFiles: (keys: string[]) => removeStoredFiles(mediaStorageFor(config), keys, request.log),
  });

  // GET /projects/{pid}/themes: the project's themes; q searches names, filter isActive.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/themes',
    { preHandler: requirePermission('ProjectThemesView', 'ThemeView') },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = themeListQuerySchema.parse(request.query);
      const { rows, total } = await listThemes(db, project.id, query);
      return listResponse(rows.map(toTheme), total, query);
    },
  );

  // POST /projects/{pid}/themes: create a theme (inactive until activated).
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/themes',
    { preHandler: requirePermission('ThemeCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = themeInputSchema.parse(request.body);
      const id = await createTheme(env(request), projectId, input.name, input.settings);
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // POST /projects/{pid}/themes/preview: a sample landing page with these settings, as HTML.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/themes/preview',
    { preHandler: requirePermission('ThemeView') },
    async (request, reply) => {
      const project = await projectOfRequest(db, request);
      const { settings } = themePreviewSchema.parse(request.body);
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
      return reply
        .header('content-security-policy', page.csp)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );

  // GET /projects/{pid}/themes/{id}: one theme.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/themes/:id',
    { preHandler: requirePermission('ThemeView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/themes/{id}: change name and/or settings (settings are replaced whole).
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/themes/:id',
    { preHandler: requirePermission('ThemeUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = themeUpdateSchema.parse(request.body);
      await editTheme(env(request), projectId, id, input);
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/themes/{id}: delete; an active theme's project falls back to the default look.
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/themes/:id',
    { preHandler: requirePermission('ThemeDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await removeTheme(env(request), projectId, id);
      return reply.code(204).send();
    },
  );

  // POST /projects/{pid}/themes/{id}/duplicate: an inactive copy named "{name} (copy)".
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/themes/:id/duplicate',
    { preHandler: requirePermission('ThemeDuplicate') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const copyId = await duplicateTheme(env(request), projectId, id);
      return reply.code(201).send(await one(request, projectId, copyId));
    },
  );

  // POST /projects/{pid}/themes/{id}/activate: make it the project's one active theme.
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/themes/:id/activate',
    { preHandler: requirePermission('ThemeSetActive') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      await activateTheme(env(request), projectId, id);
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/themes/{id}/logo: remove the logo (and free the file when unused).
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/themes/:id/logo',
    { preHandler: requirePermission('ThemeLogoDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await deleteThemeLogo(env(request), projectId, id);
      return reply.code(204).send();
    },
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

interface Env {
  db: Db;
  user: SessionUser;
  audit: AuditContext;
  /** Deletes freed files once their transaction committed. */
  freeFiles: (keys: string[]) => Promise<void>;
}

async function themeOr404(
  db: Executor,
  user: SessionUser,
  projectId: string,
  id: string,
): Promise<{ project: ProjectRow; theme: ThemeRow }> {
  const project = await visibleProjectOr404(db, user, projectId);
  const theme = await findTheme(db, project.id, id);
  if (!theme) throw notFound('not_found');
  return { project, theme };
}

/** The uploads a theme refers to: its logo and its background image. */
function mediaOf(settings: ThemeSettings): { logo: string | null; image: string | null } {
  return { logo: settings.logo.mediaId, image: settings.background.imageMediaId };
}

/** New media references must be images uploaded to this project (422 at the field otherwise). */
async function checkMedia(
  db: Executor,
  project: ProjectRow,
  settings: ThemeSettings,
  previous: ThemeSettings | null,
): Promise<void> {
  const now = mediaOf(settings);
  const before = previous ? mediaOf(previous) : { logo: null, image: null };
  if (now.logo && now.logo !== before.logo) {
    await usableMediaOr422(db, project, now.logo, IMAGE_KINDS, '/settings/logo/mediaId');
  }
  if (now.image && now.image !== before.image) {
    await usableMediaOr422(
      db,
      project,
      now.image,
      IMAGE_KINDS,
      '/settings/background/imageMediaId',
    );
  }
}

/** Media the theme referred to before and no longer does. */
function droppedMedia(before: ThemeSettings, after: ThemeSettings | null): string[] {
  const was = mediaOf(before);
  const is = after ? mediaOf(after) : { logo: null, image: null };
  return [was.logo, was.image].filter(
    (id): id is string => id !== null && id !== is.logo && id !== is.image,
  );
}

async function createTheme(
  env: Env,
  projectId: string,
  name: string,
  settings: ThemeSettings,
): Promise<string> {
  const id = ulid();
  await env.db.transaction().execute(async (trx) => {
    const project = await visibleProjectOr404(trx, env.user, projectId);
    await checkMedia(trx, project, settings, null);
    const now = new Date().toISOString();
    await insertTheme(trx, {
      id,
      customerId: project.customerId,
      projectId: project.id,
      name,
      isActive: 0,
      settings: JSON.stringify(settings),
      logoMediaId: settings.logo.mediaId,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await insertAuditLog(trx, env.audit, {
      type: 'theme',
      action: 'created',
      itemId: id,
      name,
      customerId: project.customerId,
      projectId: project.id,
    });
  });
  invalidateProject(projectId);
  return id;
}

async function editTheme(
  env: Env,
  projectId: string,
  id: string,
  input: { name?: string; settings?: ThemeSettings },
): Promise<void> {
  const freed = await env.db.transaction().execute(async (trx) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    const before = readStoredThemeSettings(theme.settings);
    const settings = input.settings ?? before;
    // Removing the logo through a save is the same act as DELETE …/logo, with the same key.
    if (before.logo.mediaId && !settings.logo.mediaId) {
      if (!hasPermission(env.user.role, 'ThemeLogoDelete')) throw forbidden();
    }
    await checkMedia(trx, project, settings, before);
    const name = input.name ?? theme.name;
    await updateTheme(trx, id, {
      name,
      settings: JSON.stringify(settings),
      logoMediaId: settings.logo.mediaId,
      updatedAt: new Date().toISOString(),
    });
    const auditId = await insertAuditLog(trx, env.audit, {
      type: 'theme',
      action: 'updated',
      itemId: id,
      name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { fields: Object.keys(input) },
    });
    return releaseMedia(trx, droppedMedia(before, settings), env.audit, {
      parentAuditId: auditId,
    });
  });
  invalidateProject(projectId);
  await env.freeFiles(freed);
}

async function removeTheme(env: Env, projectId: string, id: string): Promise<void> {
  const freed = await env.db.transaction().execute(async (trx) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    await deleteTheme(trx, id);
    const auditId = await insertAuditLog(trx, env.audit, {
      type: 'theme',
      action: 'deleted',
      itemId: id,
      name: theme.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { wasActive: Number(theme.isActive) === 1 },
    });
    return releaseMedia(
      trx,
      droppedMedia(readStoredThemeSettings(theme.settings), null),
      env.audit,
      {
        parentAuditId: auditId,
      },
    );
  });
  invalidateProject(projectId);
  await env.freeFiles(freed);
}

async function duplicateTheme(env: Env, projectId: string, id: string): Promise<string> {
  const copyId = ulid();
  await env.db.transaction().execute(async (trx) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    const now = new Date().toISOString();
    const name = `${theme.name} (copy)`.slice(0, 255);
    await insertTheme(trx, {
      ...theme,
      id: copyId,
      name,
      isActive: 0,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await insertAuditLog(trx, env.audit, {
      type: 'theme',
      action: 'duplicated',
      itemId: copyId,
      name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { from: id },
    });
  });
  invalidateProject(projectId);
  return copyId;
}

async function activateTheme(env: Env, projectId: string, id: string): Promise<void> {
  await env.db.transaction().execute(async (trx) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    await setActiveTheme(trx, project.id, id, new Date().toISOString());
    await insertAuditLog(trx, env.audit, {
      type: 'theme',
      action: 'activated',
      itemId: id,
      name: theme.name,
      customerId: project.customerId,
      projectId: project.id,
    });
  });
  invalidateProject(projectId);
}

async function deleteThemeLogo(env: Env, projectId: string, id: string): Promise<void> {
  const freed = await env.db.transaction().execute(async (trx) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    const before = readStoredThemeSettings(theme.settings);
    if (!before.logo.mediaId && !theme.logoMediaId) return [];
    const settings: ThemeSettings = { ...before, logo: { ...before.logo, mediaId: null } };
    await updateTheme(trx, id, {
      settings: JSON.stringify(settings),
      logoMediaId: null,
      updatedAt: new Date().toISOString(),
    });
    const auditId = await insertAuditLog(trx, env.audit, {
      type: 'theme',
      action: 'updated',
      itemId: id,
      name: theme.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { logo: 'deleted' },
    });
    const dropped = [before.logo.mediaId, theme.logoMediaId].filter(
      (mediaId): mediaId is string => mediaId !== null,
    );
    return releaseMedia(trx, dropped, env.audit, { parentAuditId: auditId });
  });
  invalidateProject(projectId);
  await env.freeFiles(freed);
}
