// Whether the logged-in user holds a permission key: parts of a screen are gated by these (SPEC §6).
import { usePermissions } from 'react-admin';
import type { PermissionKey } from '../shared/permissions';
import type { DashboardPermissions } from './providers/authProvider';

export function useHasPermission(key: PermissionKey): boolean {
  const { permissions } = usePermissions<DashboardPermissions>();
  return !!permissions?.permissionKeys?.includes(key);
}
