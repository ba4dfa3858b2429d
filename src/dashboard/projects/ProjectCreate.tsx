import { AutocompleteInput, Create, ReferenceInput, SimpleForm, usePermissions } from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';
import { useResultNotify } from '../useNotifications';
import { ProjectInputs } from './ProjectInputs';
import { cleanProject, validateProjectCreate } from './projectValidation';

export function ProjectCreate() {
  const { permissions } = usePermissions<DashboardPermissions>();
  const { success, failure } = useResultNotify();
  return (
    <Create
      resource="projects"
      redirect={(_resource, id) => `/projects/${id}/start`}
      transform={(data: Record<string, unknown>) => cleanProject(data)}
      mutationOptions={{
        onSuccess: () => success('project', 'created'),
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
