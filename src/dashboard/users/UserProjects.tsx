// /user/:id/projects: the projects linked to a user (GET /users/{id}/projects).
import { useParams } from 'react-router-dom';
import { Card, CardContent, Typography } from '@mui/material';
import { DataTable, ListBase, Title, useGetOne, useTranslate } from 'react-admin';
import { UserTabs } from './UserTabs';

export function UserProjects() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: user } = useGetOne<{ id: string; name: string }>('users', { id });
  const title = translate('app.users.projects_title', { name: user?.name ?? '' });
  return (
    <>
      <UserTabs id={id} />
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {title}
          </Typography>
          <ListBase
            resource="projects"
            queryOptions={{ meta: { userId: id } }}
            perPage={100}
            disableSyncWithLocation
          >
            <DataTable
              rowClick={(projectId) => `/projects/${projectId}/start`}
              bulkActionButtons={false}
              resource="projects"
            >
              <DataTable.Col source="name" />
              <DataTable.Col source="description" />
            </DataTable>
          </ListBase>
        </CardContent>
      </Card>
    </>
  );
}
