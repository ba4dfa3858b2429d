// The audit entries of changes to a user account: who it is (type 'user', its id and name) is
// written once here, so a sign-in, a password change and an admin's edit file the same way.
import type { UserRow } from '../db/schema.js';
import type { AuditAction } from '../../shared/enums.js';
import type { ChangeRecord } from './unitOfWork.js';

/**
 * `action` on the account; filed under the acting customer unless `details.customerId` names the
 * account's own (an admin acting on another customer's user).
 */
export function userChange(
  user: Pick<UserRow, 'id' | 'name'>,
  action: AuditAction,
  details: Pick<ChangeRecord, 'changes' | 'customerId' | 'projectId'> = {},
): ChangeRecord {
  return { type: 'user', action, itemId: user.id, name: user.name, ...details };
}

/**
 * A user's own on/off setting (two-step sign-in, a verified email address): the audit detail
 * screen shows it as that field going from one value to the other.
 */
export function userFlagChange(
  user: Pick<UserRow, 'id' | 'name'>,
  field: string,
  isOn: boolean,
): ChangeRecord {
  return {
    ...userChange(user, 'updated'),
    before: { [field]: !isOn },
    after: { [field]: isOn },
  };
}
