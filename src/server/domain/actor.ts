// Who acts: what a service needs to know of the signed-in user (or, later, an API key) to decide
// what they may see and change. The API layer builds it from the session.
import type { Role } from '../../shared/enums.js';

export interface Actor {
  id: string;
  role: Role;
  /** null for platform admins, who belong to no customer. */
  customerId: string | null;
  /** An API key's actor reaches only these projects (issue 15); absent: every one its role may. */
  projectIds?: readonly string[];
  /** Set when an API key acts: what only a person may do (manage keys) is refused. */
  apiKeyId?: string;
}
