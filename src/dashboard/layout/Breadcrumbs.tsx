// Breadcrumbs above every project screen (issue 13, part 2): projects › the project › the overview
// a screen belongs to, which is SPEC §2's back target of its items, create screens and tabs.
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { projectIdFromPath } from '../navigation';
import { sectionOf } from '../menuEntries';

export function Breadcrumbs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const projectId = projectIdFromPath(pathname);
  // Shares the project read with the route's own check (RequireItem), so no extra request.
  const { data: project } = useGetOne<{ id: string; name: string }>(
    'projects',
    { id: projectId ?? '' },
    { enabled: !!projectId, retry: false },
  );
  if (!projectId) return null;
  const section = sectionOf(pathname);
  const home = `/projects/${projectId}/start`;
  const isHome = pathname === home;
  return (
    <MuiBreadcrumbs
      aria-label={translate('app.breadcrumbs.label')}
      sx={{ mt: 1, '& ol': { flexWrap: 'wrap' } }}
      data-testid="breadcrumbs"
    >
      <Link component={RouterLink} to="/projects" underline="hover" color="inherit">
        {translate('app.breadcrumbs.projects')}
      </Link>
      {isHome ? (
        <Typography color="text.primary" aria-current="page">
          {project?.name ?? '…'}
        </Typography>
      ) : (
        <Link component={RouterLink} to={home} underline="hover" color="inherit">
          {project?.name ?? '…'}
        </Link>
      )}
      {section &&
        section.entry.name !== 'home' &&
        (section.isOverview ? (
          <Typography color="text.primary" aria-current="page">
            {translate(section.entry.label)}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={section.path}
            underline="hover"
            color="inherit"
            data-testid="breadcrumb-back"
          >
            {translate(section.entry.label)}
          </Link>
        ))}
    </MuiBreadcrumbs>
  );
}
