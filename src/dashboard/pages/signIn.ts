// After a public page itself started the session (first admin, verified sign-up): remember Self
// and go where a fresh sign-in goes.
import type { Self } from '../../shared/schemas/auth';
import { setSelf } from '../providers/authProvider';
import { startPathAfterSignIn } from '../lastProject';

export async function pathAfterOwnSignIn(self: Self): Promise<string> {
  setSelf(self);
  return startPathAfterSignIn(self);
}
