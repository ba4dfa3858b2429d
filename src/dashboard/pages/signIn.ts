// After a public page itself started the session (first admin, verified sign-up, accepted
// invitation): remember Self and go where a fresh sign-in goes.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Self } from '../../shared/schemas/auth';
import { setSelf } from '../providers/authProvider';
import { startPathAfterSignIn } from '../lastProject';

/** `replace`: the page that signed in is left out of the history (nothing to go back to there). */
export function useEnterSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (self: Self, { replace }: { replace: boolean }) => {
      setSelf(self);
      // A failed auth check from before the sign-in is cached; it would log the new session out.
      queryClient.removeQueries({ queryKey: ['auth'] });
      navigate(await startPathAfterSignIn(self), { replace });
    },
    [navigate, queryClient],
  );
}
