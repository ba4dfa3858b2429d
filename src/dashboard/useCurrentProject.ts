// The current project is the route's :pid (SPEC §2); the last one visited is remembered, per user
// (lastProject.ts), so the menu still leads somewhere from /projects or /settings.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetIdentity, useStore } from 'react-admin';
import { projectIdFromPath } from './navigation';
import { rememberedProject, rememberProject } from './lastProject';

export const LAST_PROJECT_KEY = 'lastProjectId';

export function useCurrentProjectId(): string | null {
  const location = useLocation();
  const { identity } = useGetIdentity();
  const userId = identity ? String(identity.id) : null;
  const fromRoute = projectIdFromPath(location.pathname);
  const [last, setLast] = useStore<string | null>(LAST_PROJECT_KEY, null);
  useEffect(() => {
    if (fromRoute && fromRoute !== last) setLast(fromRoute);
    if (fromRoute && userId) rememberProject(userId, fromRoute);
  }, [fromRoute, last, setLast, userId]);
  return fromRoute ?? last ?? (userId ? rememberedProject(userId) : null);
}
