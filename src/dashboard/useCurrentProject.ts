// The current project is the route's :pid (SPEC §2); the last one visited is remembered so the
// menu still leads somewhere from /projects or /settings.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from 'react-admin';
import { projectIdFromPath } from './navigation';

export const LAST_PROJECT_KEY = 'lastProjectId';

export function useCurrentProjectId(): string | null {
  const location = useLocation();
  const fromRoute = projectIdFromPath(location.pathname);
  const [last, setLast] = useStore<string | null>(LAST_PROJECT_KEY, null);
  useEffect(() => {
    if (fromRoute && fromRoute !== last) setLast(fromRoute);
  }, [fromRoute, last, setLast]);
  return fromRoute ?? last;
}
