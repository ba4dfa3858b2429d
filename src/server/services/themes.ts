// Themes: create, edit, delete, duplicate, activate and deleting the logo, each in one transaction
// with its audit row; then the project's codes leave the scan cache, so landing pages show the
// change at once, and freed files are deleted.
import { ulid } from 'ulidx';
import { readStoredThemeSettings, type ThemeSettings } from '../../shared/schemas/theme.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import {
  deleteTheme,
  findTheme,
  insertTheme,
  setActiveTheme,
  updateTheme,
} from '../repositories/themes.js';
import { copyChange, itemChange, type UnitOfWork } from './unitOfWork.js';
import type { Executor } from '../repositories/executor.js';
import { IMAGE_KINDS, releaseMedia, usableMediaOr422 } from './media.js';
import { newContentColumns, projectRowOr404, visibleProjectOr404 } from './projects.js';
import type { Actor } from '../domain/actor.js';
import { forbidden } from '../domain/errors.js';

interface Env {
  db: Db;
  user: Actor;
  work: UnitOfWork;
  /** Deletes freed files once their transaction committed. */
  freeFiles: (keys: string[]) => Promise<void>;
}

export const themeOr404 = projectRowOr404('theme', 'not_found', findTheme);

/** The uploads a theme refers to: its logo and its background image. */
function mediaOf(settings: ThemeSettings): { logo: string | null; image: string | null } {
  return { logo: settings.logo.mediaId, image: settings.background.imageMediaId };
}

/** New media references must be images uploaded to this project (422 at the field otherwise). */
export async function checkMedia(
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

export async function createTheme(
  env: Env,
  projectId: string,
  name: string,
  settings: ThemeSettings,
): Promise<string> {
  const id = ulid();
  await env.work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, env.user, projectId);
    await checkMedia(trx, project, settings, null);
    const now = new Date().toISOString();
    await insertTheme(trx, {
      ...newContentColumns(project, id, now),
      name,
      isActive: 0,
      settings: JSON.stringify(settings),
      logoMediaId: settings.logo.mediaId,
      deletedAt: null,
    });
    await record(itemChange(project, 'theme', 'created', { id, name }));
  });
  return id;
}

export async function editTheme(
  env: Env,
  projectId: string,
  id: string,
  input: { name?: string; settings?: ThemeSettings },
): Promise<void> {
  const freed = await env.work.run(async ({ trx, record }) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    const before = readStoredThemeSettings(theme.settings);
    const settings = input.settings ?? before;
    // Removing the logo through a save is the same act as DELETE …/logo, with the same key.
    if (before.logo.mediaId && !settings.logo.mediaId) {
      if (!env.user.permissions.has('ThemeLogoDelete')) throw forbidden();
    }
    await checkMedia(trx, project, settings, before);
    const name = input.name ?? theme.name;
    await updateTheme(trx, id, {
      name,
      settings: JSON.stringify(settings),
      logoMediaId: settings.logo.mediaId,
      updatedAt: new Date().toISOString(),
    });
    const auditId = await record(
      itemChange(project, 'theme', 'updated', {
        id,
        name,
        changes: { fields: Object.keys(input) },
        before: { name: theme.name, settings: before },
        after: { name, settings },
      }),
    );
    return releaseMedia({ trx, record }, droppedMedia(before, settings), {
      parentAuditId: auditId,
    });
  });
  await env.freeFiles(freed);
}

export async function removeTheme(env: Env, projectId: string, id: string): Promise<void> {
  const freed = await env.work.run(async ({ trx, record }) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    await deleteTheme(trx, id);
    const auditId = await record(
      itemChange(project, 'theme', 'deleted', {
        id,
        name: theme.name,
        changes: { wasActive: Number(theme.isActive) === 1 },
      }),
    );
    return releaseMedia(
      { trx, record },
      droppedMedia(readStoredThemeSettings(theme.settings), null),
      {
        parentAuditId: auditId,
      },
    );
  });
  await env.freeFiles(freed);
}

export async function duplicateTheme(env: Env, projectId: string, id: string): Promise<string> {
  const copyId = ulid();
  await env.work.run(async ({ trx, record }) => {
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
    await record(copyChange(project, 'theme', { id: copyId, name }, id));
  });
  return copyId;
}

export async function activateTheme(env: Env, projectId: string, id: string): Promise<void> {
  await env.work.run(async ({ trx, record }) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    await setActiveTheme(trx, project.id, id, new Date().toISOString());
    await record(itemChange(project, 'theme', 'activated', { id, name: theme.name }));
  });
}

export async function deleteThemeLogo(env: Env, projectId: string, id: string): Promise<void> {
  const freed = await env.work.run(async ({ trx, record }) => {
    const { project, theme } = await themeOr404(trx, env.user, projectId, id);
    const before = readStoredThemeSettings(theme.settings);
    if (!before.logo.mediaId && !theme.logoMediaId) return [];
    const settings: ThemeSettings = { ...before, logo: { ...before.logo, mediaId: null } };
    await updateTheme(trx, id, {
      settings: JSON.stringify(settings),
      logoMediaId: null,
      updatedAt: new Date().toISOString(),
    });
    const auditId = await record(
      itemChange(project, 'theme', 'updated', {
        id,
        name: theme.name,
        changes: { logo: 'deleted' },
      }),
    );
    const dropped = [before.logo.mediaId, theme.logoMediaId].filter(
      (mediaId): mediaId is string => mediaId !== null,
    );
    return releaseMedia({ trx, record }, dropped, { parentAuditId: auditId });
  });
  await env.freeFiles(freed);
}
