// One access rule on both sides (issue 13, part 3): a route opens only when the role and the
// permission table allow it (src/dashboard/access.ts, the server's own table); otherwise the
// "no access" page, never a form whose save fails or a load that answers 403.
import type { ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { usePermissions } from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';
import { ACCESS_RULES, allows } from '../access';
import { NoAccessPage } from './NoAccessPage';

export function RequireAccess({ rule, children }: { rule: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<DashboardPermissions>();
  if (isPending) return <LinearProgress />;
  const accessRule = ACCESS_RULES[rule];
  if (!accessRule) throw new Error(`No access rule named ${rule}`);
  return allows(permissions?.role, accessRule) ? <>{children}</> : <NoAccessPage />;
}
