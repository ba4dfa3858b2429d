// /projects/:id/details/edit
import { useParams } from 'react-router-dom';
import {
  Edit,
  SaveButton,
  Toolbar,
  SimpleForm,
  useDataProvider,
  useRedirect,
  useTranslate,
  TopToolbar,
  useRecordContext,
  usePermissions,
} from 'react-admin';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { DashboardDataProvider } from '../providers/dataProvider';
import type { DashboardPermissions } from '../providers/authProvider';
import { allows, ACCESS_RULES } from '../access';
import { useResultNotify } from '../useNotifications';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { ProjectInputs } from './ProjectInputs';
import { ProjectTabs } from './ProjectTabs';
import { cleanProject, validateProjectUpdate } from './projectValidation';

export function ProjectActions() {
  const record = useRecordContext<{ id: string; name: string }>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  const { success, failure } = useResultNotify();
  if (!record) return null;
  const role = permissions?.role;
  return (
    <>
      {allows(role, ACCESS_RULES['projects.duplicate']) && (
        <ConfirmActionButton
          label={translate('app.projects.duplicate')}
          icon={<ContentCopyIcon />}
          title="app.projects.duplicate_title"
          content="app.projects.duplicate_content"
          titleArgs={{ name: record.name }}
          testId="project-duplicate"
          onConfirm={async () => {
            const { data } = await dataProvider.duplicate('projects', { id: record.id });
            success('project', 'duplicated');
            redirect(`/projects/${data.id}/details/edit`);
          }}
          onFailure={(error) => failure('project', 'duplicating', error)}
        />
      )}
      {allows(role, ACCESS_RULES['projects.trash']) && (
        <ConfirmActionButton
          label={translate('app.projects.trash')}
          icon={<DeleteIcon />}
          color="error"
          title="app.projects.trash_title"
          content="app.projects.trash_content"
          titleArgs={{ name: record.name }}
          testId="project-trash"
          onConfirm={async () => {
            await dataProvider.trash('projects', { id: record.id });
            success('project', 'trashed');
            redirect('/projects');
          }}
          onFailure={(error) => failure('project', 'trashing', error)}
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
