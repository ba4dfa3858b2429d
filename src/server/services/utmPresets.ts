// A project's named UTM presets (issue 16): read, and replaced whole in one unit of work with an
// audit row that keeps the list before and after.
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { utmPresetsInputSchema, type UtmPreset } from '../../shared/utm.js';
import type { Actor } from '../domain/actor.js';
import { updateProject } from '../repositories/projects.js';
import { visibleProjectOr404 } from './projects.js';
import { itemChange, type UnitOfWork } from './unitOfWork.js';

/** The stored list; a value that no longer parses reads as no presets rather than failing. */
export function utmPresetsOf(project: Pick<ProjectRow, 'utmPresets'>): UtmPreset[] {
  try {
    const parsed = utmPresetsInputSchema.safeParse({ presets: JSON.parse(project.utmPresets) });
    return parsed.success ? parsed.data.presets : [];
  } catch {
    return [];
  }
}

export async function readUtmPresets(db: Db, user: Actor, projectId: string) {
  return utmPresetsOf(await visibleProjectOr404(db, user, projectId));
}

export async function saveUtmPresets(
  user: Actor,
  projectId: string,
  presets: UtmPreset[],
  work: UnitOfWork,
): Promise<UtmPreset[]> {
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    await updateProject(trx, projectId, {
      utmPresets: JSON.stringify(presets),
      updatedAt: new Date().toISOString(),
    });
    await record(
      itemChange(project, 'project', 'updated', {
        id: projectId,
        name: project.name,
        before: { utmPresets: utmPresetsOf(project) },
        after: { utmPresets: presets },
      }),
    );
  });
  return presets;
}
