// /user/:id/details/edit; nobody deletes their own account (SPEC §6).
import { useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useGetIdentity,
  usePermissions,
  useRedirect,
} from 'react-admin';
import { hasPermission } from '../../shared/permissions';
import type { DashboardPermissions } from '../providers/authProvider';
import { useResultNotify } from '../useNotifications';
import { UserInputs } from './UserInputs';
import { UserTabs } from './UserTabs';
import { validateUserUpdate } from './userValidation';

function UserToolbar({ id }: { id: string }) {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<DashboardPermissions>();
  const { success, failure } = useResultNotify();
  const redirect = useRedirect();
  const canDelete = hasPermission(permissions?.role, 'UserDelete') && identity?.id !== id;
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      {canDelete && (
        <DeleteWithConfirmButton
          redirect="/projects"
          mutationOptions={{
            onSuccess: () => {
              success('user', 'deleted');
              redirect('/projects');
            },
            onError: (error: unknown) => failure('user', 'deleting', error),
          }}
        />
      )}
    </Toolbar>
  );
}

export function UserEdit() {
  const { id = '' } = useParams();
  const { success, failure } = useResultNotify();
  return (
    <>
      <UserTabs id={id} />
      <Edit
        resource="users"
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        actions={false}
        transform={(data: Record<string, unknown>) => ({
          name: data.name,
          email: data.email,
          role: data.role,
          localization: data.localization,
        })}
        mutationOptions={{
          onSuccess: () => success('user', 'updated'),
          onError: (error: unknown) => failure('user', 'updating', error, true),
        }}
      >
        <SimpleForm validate={validateUserUpdate} mode="onChange" toolbar={<UserToolbar id={id} />}>
          <UserInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
