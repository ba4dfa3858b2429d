// /user/:id/details/edit; nobody deletes their own account (SPEC §6).
import { useParams } from 'react-router-dom';
import { useGetIdentity, usePermissions } from 'react-admin';
import { hasPermission } from '../../shared/permissions';
import type { DashboardPermissions } from '../providers/authProvider';
import { DetailsEdit, SaveDeleteToolbar } from '../forms/DetailsEdit';
import { UserInputs } from './UserInputs';
import { UserTabs } from './UserTabs';
import { validateUserUpdate } from './userValidation';

function UserToolbar({ id }: { id: string }) {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<DashboardPermissions>();
  const canDelete = hasPermission(permissions?.role, 'UserDelete') && identity?.id !== id;
  return <SaveDeleteToolbar word="user" redirectTo="/projects" canDelete={canDelete} />;
}

export function UserEdit() {
  const { id = '' } = useParams();
  return (
    <>
      <UserTabs id={id} />
      <DetailsEdit
        resource="users"
        id={id}
        word="user"
        transform={(data) => ({
          name: data.name,
          email: data.email,
          role: data.role,
          localization: data.localization,
        })}
        validate={validateUserUpdate}
        toolbar={<UserToolbar id={id} />}
      >
        <UserInputs />
      </DetailsEdit>
    </>
  );
}
