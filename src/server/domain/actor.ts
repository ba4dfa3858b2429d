// Who acts: what a service needs to know of the signed-in user (or an API key) to decide what
// they may see and change. The API layer builds it from the session or the key.
import type { Role } from '../../shared/enums.js';
import type { PermissionKey } from '../../shared/permissions.js';

export interface Actor {
  id: string;
  role: Role;
  /** null for platform admins, who belong to no customer. */
  customerId: string | null;
  /** An API key's actor reaches only these projects (issue 15); absent: every one its role may. */
  projectIds?: readonly string[];
  /** Set when an API key acts: what only a person may do (manage keys) is refused. */
  apiKeyId?: string;
  /**
   * What this actor may do, fixed where the actor is built: its role's keys for a person, the
   * key's scope within its creator's role for an API key. Checks read this, never the role, so an
   * API key cannot do what its scope leaves out even where the role would allow it.
   */
  permissions: ReadonlySet<PermissionKey>;
}
