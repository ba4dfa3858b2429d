import {
  AutocompleteInput,
  Create,
  ReferenceInput,
  SimpleForm,
  usePermissions,
  useRedirect,
} from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';
import { useResultNotify } from '../useNotifications';
import { ProjectInputs } from './ProjectInputs';
import { cleanProject, validateProjectCreate } from './projectValidation';

export function ProjectCreate() {
  const { permissions } = usePermissions<DashboardPermissions>();
  const { success, failure } = useResultNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="projects"
      transform={(data: Record<string, unknown>) => cleanProject(data)}
      mutationOptions={{
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (data: { id: string }) => {
          success('project', 'created');
          redirect(`/projects/${data.id}/start`);
        },
        onError: (error: unknown) => failure('project', 'creating', error, true),
      }}
    >
      <SimpleForm
        validate={validateProjectCreate}
        mode="onChange"
        defaultValues={{ access: '0', tracking: true }}
      >
        <ProjectInputs />
        {permissions?.role === 'admin' && (
          // Admins belong to no customer, so they choose whose project this is.
          <ReferenceInput source="customerId" reference="customers">
            <AutocompleteInput optionText="name" fullWidth />
          </ReferenceInput>
        )}
      </SimpleForm>
    </Create>
  );
}
