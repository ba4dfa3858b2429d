// What the public pages need to know about this server before anyone signs in: whether it still
// waits for its first administrator, and whether anyone may sign up (GET /setup).
import { useEffect, useState } from 'react';
import type { AuthOptions } from '../../shared/schemas/signup';
import { useAuthCalls } from '../providers/authProvider';

export function useAuthOptions(): AuthOptions | null {
  const auth = useAuthCalls();
  const [options, setOptions] = useState<AuthOptions | null>(null);
  useEffect(() => {
    let isCurrent = true;
    auth
      .getAuthOptions()
      .then((answer) => {
        if (isCurrent) setOptions(answer);
      })
      .catch(() => {
        // Without the answer the login page stays as it is.
      });
    return () => {
      isCurrent = false;
    };
  }, [auth]);
  return options;
}
