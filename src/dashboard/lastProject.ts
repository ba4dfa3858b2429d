// The project a user last worked in, remembered per user on this device (issue 13, part 1): it
// outlives sign-out (react-admin's store does not), and two people sharing a browser keep their own.
import type { Self } from '../shared/schemas/auth';
import { CUSTOMER_ROLES } from '../shared/enums';
import { authMethods } from './providers/authMethods';

const KEY_PREFIX = 'qrhub-last-project:';

export function rememberedProject(userId: string): string | null {
  try {
    return window.localStorage.getItem(KEY_PREFIX + userId);
  } catch {
    return null;
  }
}

export function rememberProject(userId: string, projectId: string): void {
  try {
    window.localStorage.setItem(KEY_PREFIX + userId, projectId);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export const projectStartPath = (projectId: string) => `/projects/${projectId}/start`;

/**
 * Where sign-in leads without a return_to: the last used project if it is still there and
 * reachable, else the user's only project, else the project list.
 */
export async function startPathAfterSignIn(self: Self): Promise<string> {
  if (!(CUSTOMER_ROLES as readonly string[]).includes(self.role)) return '/projects';
  const remembered = rememberedProject(self.id);
  // Trashed, unlinked or gone: fall through to the user's projects.
  if (remembered && (await authMethods.canOpenProject(remembered))) {
    return projectStartPath(remembered);
  }
  try {
    const projects = await authMethods.firstProjects();
    if (projects.length === 1) return projectStartPath(projects[0].id);
  } catch {
    // The list itself shows what went wrong.
  }
  return '/projects';
}
