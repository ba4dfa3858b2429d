// Step 4 of the scan pipeline: is the resolved code live right now?
import { isActionActiveAt } from '../../shared/activity.js';
import type { ActionContent } from '../../shared/schemas/action.js';
import type { Resolution } from './lookup.js';

export type InactiveReason =
  'removed' | 'no_action' | 'invalid_action' | 'outside_period' | 'unsafe_target';

export type ScanState =
  | { kind: 'not_found' }
  | { kind: 'inactive'; reason: InactiveReason }
  | { kind: 'active'; content: ActionContent };

export function checkState(resolution: Resolution | null, now: Date): ScanState {
  if (!resolution) return { kind: 'not_found' };
  const { item, action } = resolution;
  if (item.isRemoved) return { kind: 'inactive', reason: 'removed' };
  // SPEC §4 "A QR code with no Action is inactive and can still be printed."
  if (!action || action.isDeleted) return { kind: 'inactive', reason: 'no_action' };
  if (!action.content) return { kind: 'inactive', reason: 'invalid_action' };
  if (!isActionActiveAt(action.activity, now))
    return { kind: 'inactive', reason: 'outside_period' };
  return { kind: 'active', content: action.content };
}
