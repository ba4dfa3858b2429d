// /projects/:pid/statistics: the statistics of the whole project.
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { ItemStatistics } from './ItemStatistics';

export function ProjectStatisticsPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const { data: project } = useGetOne<{ id: string; name: string }>('projects', { id: pid });
  const title = translate('app.statistics.title');
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {project?.name ?? ''}
      </Typography>
      <ItemStatistics projectId={pid} />
    </Box>
  );
}
