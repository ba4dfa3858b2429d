// What the public pages need to know about this server before anyone signs in: whether it still
// waits for its first administrator, and whether anyone may sign up (GET /setup).
import { useEffect, useState } from 'react';
import type { AuthOptions } from '../../shared/schemas/signup';
import { apiRequest } from '../providers/http';

export function useAuthOptions(): AuthOptions | null {
  const [options, setOptions] = useState<AuthOptions | null>(null);
  useEffect(() => {
    let isCurrent = true;
    apiRequest<{ data: AuthOptions }>('/setup', { skipAuthRedirect: true })
      .then(({ json }) => {
        if (isCurrent) setOptions(json.data);
      })
      .catch(() => {
        // Without the answer the login page stays as it is.
      });
    return () => {
      isCurrent = false;
    };
  }, []);
  return options;
}
