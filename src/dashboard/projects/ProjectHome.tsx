// /projects/:pid/start, the project's home: its name and its usage against limits.
import { useParams } from 'react-router-dom';
import { Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { UsageList } from '../usage/UsageList';

export function ProjectHome() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { data: project, isPending } = useGetOne<{
    id: string;
    name: string;
    description: string | null;
  }>('projects', { id: pid });
  const { data: status } = useQuery({
    queryKey: ['projects', 'status', pid],
    queryFn: async () => (await dataProvider.getStatus('projects', { id: pid })).data,
    retry: false,
  });
  if (isPending) return <Loading />;
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title={project?.name ?? translate('app.projects.home_title')} />
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardContent>
            <Typography variant="h5" component="h1" data-testid="project-home-name">
              {project?.name}
            </Typography>
            {project?.description && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {project.description}
              </Typography>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardHeader title={translate('app.projects.usage')} />
          <CardContent>
            {status ? (
              <UsageList status={status} keys={['qrCodes', 'scans', 'storage', 'shortLinks']} />
            ) : null}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
