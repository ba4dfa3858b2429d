// The audit entry of a user's own on/off setting (two-step sign-in, a verified email address):
// the audit detail screen shows it as that field going from one value to the other.
import type { UserRow } from '../db/schema.js';
import type { ChangeRecord } from './unitOfWork.js';

export function userFlagChange(
  user: Pick<UserRow, 'id' | 'name'>,
  field: string,
  isOn: boolean,
): ChangeRecord {
  return {
    type: 'user',
    action: 'updated',
    itemId: user.id,
    name: user.name,
    before: { [field]: !isOn },
    after: { [field]: isOn },
  };
}
