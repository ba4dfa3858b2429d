// /projects: the projects this user may see, with search; a user with none is told to contact
// their administrator (SPEC §2).
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import {
  Button,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocaleDateField } from '../common/LocaleDateField';
import { Link } from 'react-router-dom';
import type { DashboardPermissions } from '../providers/authProvider';
import { allows, ACCESS_RULES } from '../access';
import { ProjectActions } from './ProjectEdit';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function AccessField() {
  const record = useRecordContext<{ access: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      {translate(
        record.access === '1' ? 'app.projects.access_public' : 'app.projects.access_private',
      )}
    </>
  );
}

function RowButtons() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  if (!record) return null;
  const role = permissions?.role;
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' }}
      onClick={(event) => event.stopPropagation()}
    >
      {allows(role, ACCESS_RULES['projects.edit']) && (
        <Button
          component={Link}
          to={`/projects/${record.id}/details/edit`}
          label={translate('app.projects.details')}
          data-testid="project-edit"
        >
          <EditIcon />
        </Button>
      )}
      {allows(role, ACCESS_RULES['projects.users']) && (
        <Button
          component={Link}
          to={`/projects/${record.id}/users/edit`}
          label={translate('app.projects.users')}
          data-testid="project-users"
        >
          <GroupIcon />
        </Button>
      )}
      <ProjectActions />
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  const canCreate = allows(permissions?.role, ACCESS_RULES['projects.create']);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Typography variant="h6" gutterBottom>
          {translate('app.projects.empty_title')}
        </Typography>
        {canCreate ? (
          <CreateButton resource="projects" variant="contained" />
        ) : (
          <Alert severity="info" data-testid="no-projects-note" sx={{ justifyContent: 'center' }}>
            {translate('app.projects.no_projects')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function ListActions() {
  const { permissions } = usePermissions<DashboardPermissions>();
  return (
    <TopToolbar>
      {allows(permissions?.role, ACCESS_RULES['projects.create']) && (
        <CreateButton data-testid="project-create" />
      )}
    </TopToolbar>
  );
}

function ProjectTable() {
  const { filterValues } = useListContext();
  return (
    <DataTable
      rowClick={(id) => `/projects/${id}/start`}
      bulkActionButtons={false}
      data-testid="project-list"
      empty={filterValues.q ? undefined : <Empty />}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="description" sx={{ display: { xs: 'none', md: 'table-cell' } }} />
      <DataTable.Col source="access" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <AccessField />
      </DataTable.Col>
      <DataTable.Col source="createdAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <LocaleDateField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col label={false}>
        <RowButtons />
      </DataTable.Col>
    </DataTable>
  );
}

export function ProjectList() {
  return (
    <List
      resource="projects"
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={<Empty />}
    >
      <ProjectTable />
    </List>
  );
}
