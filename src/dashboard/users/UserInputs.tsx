import { SelectInput, TextInput, usePermissions } from 'react-admin';
import { assignableRoles } from '../../shared/permissions';
import { LANGUAGES } from '../../shared/enums';
import type { DashboardPermissions } from '../providers/authProvider';

export function UserInputs({ withPassword = false }: { withPassword?: boolean }) {
  const { permissions } = usePermissions<DashboardPermissions>();
  const roles = permissions?.role ? assignableRoles(permissions.role) : [];
  return (
    <>
      <TextInput source="name" fullWidth />
      <TextInput source="email" type="email" fullWidth />
      <SelectInput
        source="role"
        choices={roles.map((id) => ({ id, name: `app.roles.${id}` }))}
        fullWidth
      />
      <SelectInput
        source="localization.language"
        choices={LANGUAGES.map((id) => ({ id, name: `app.languages.${id}` }))}
        fullWidth
      />
      {withPassword && (
        <TextInput source="password" type="password" autoComplete="new-password" fullWidth />
      )}
    </>
  );
}
