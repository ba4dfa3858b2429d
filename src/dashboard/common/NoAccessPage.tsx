// The page a route shows when the role or permission keys do not allow it (issue 13, part 3).
import { StatusCard } from './StatusCard';

export function NoAccessPage({ backTo }: { backTo?: string }) {
  return <StatusCard kind="no_access" backTo={backTo} />;
}
