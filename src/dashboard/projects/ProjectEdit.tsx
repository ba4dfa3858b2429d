// /projects/:id/details/edit
import { useParams } from 'react-router-dom';
import {
  Edit,
  SaveButton,
  Toolbar,
  SimpleForm,
  useDataProvider,
  useRedirect,
  TopToolbar,
  useRecordContext,
  usePermissions,
} from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import type { DashboardPermissions } from '../providers/authProvider';
import { allows, ACCESS_RULES } from '../access';
import { useResultNotify } from '../useNotifications';
import { ItemStepButton, itemNotices } from '../common/ItemStepButton';
import { ProjectInputs } from './ProjectInputs';
import { ProjectTabs } from './ProjectTabs';
import { cleanProject, validateProjectUpdate } from './projectValidation';

export function ProjectActions() {
  const record = useRecordContext<{ id: string; name: string }>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  const { permissions } = usePermissions<DashboardPermissions>();
  const notices = itemNotices(useResultNotify(), 'project');
  if (!record) return null;
  const can = (rule: string) => allows(permissions?.role, ACCESS_RULES[rule]);
  const item = { keys: 'app.projects', name: record.name, testIds: 'project', notices };
  const project = { id: record.id };
  return (
    <>
      {can('projects.duplicate') && (
        <ItemStepButton
          item={item}
          step="duplicate"
          run={() => dataProvider.duplicate('projects', project)}
          then={({ data }) => redirect(`/projects/${data.id}/details/edit`)}
        />
      )}
      {can('projects.trash') && (
        <ItemStepButton
          item={item}
          step="trash"
          run={() => dataProvider.trash('projects', project)}
          then={() => redirect('/projects')}
        />
      )}
    </>
  );
}

export function ProjectEdit() {
  const { id = '' } = useParams();
  const { success, failure } = useResultNotify();
  return (
    <>
      <ProjectTabs id={id} />
      <Edit
        resource="projects"
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        actions={
          <TopToolbar>
            <ProjectActions />
          </TopToolbar>
        }
        transform={(data: Record<string, unknown>) => {
          const { name, description, access, tracking, timeZone } = cleanProject(data);
          return { name, description, access, tracking, timeZone };
        }}
        mutationOptions={{
          onSuccess: () => success('project', 'updated'),
          onError: (error: unknown) => failure('project', 'updating', error, true),
        }}
      >
        {/* No delete here: a project is trashed first (top actions); hard delete is for trashed ones. */}
        <SimpleForm
          validate={validateProjectUpdate}
          mode="onChange"
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <ProjectInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
