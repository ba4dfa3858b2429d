// The top bar of SPEC §1: project selector, all projects, project settings, dark mode, user menu.
import { Link } from 'react-router-dom';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import AppsIcon from '@mui/icons-material/Apps';
import TuneIcon from '@mui/icons-material/Tune';
import { AppBar as RaAppBar, usePermissions, useTranslate } from 'react-admin';
import { hasPermission } from '../../shared/permissions';
import type { DashboardPermissions } from '../providers/authProvider';
import { useCurrentProjectId } from '../useCurrentProject';
import { ProjectSelector } from './ProjectSelector';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { allows, ACCESS_RULES } from '../access';

function Toolbar() {
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  const role = permissions?.role;
  const projectId = useCurrentProjectId();
  // SPEC §6: UserProjectsView gates the project selector, ProjectUpdate the project settings.
  const showSelector = hasPermission(role, 'UserProjectsView');
  const showSettings = !!projectId && allows(role, ACCESS_RULES['projects.edit']);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {showSelector && <ProjectSelector />}
      {hasPermission(role, 'UserProjectsView') && (
        <Tooltip title={translate('app.appbar.all_projects')}>
          <IconButton
            color="inherit"
            component={Link}
            to="/projects"
            aria-label={translate('app.appbar.all_projects')}
            data-testid="all-projects"
          >
            <AppsIcon />
          </IconButton>
        </Tooltip>
      )}
      {showSettings && (
        <Tooltip title={translate('app.appbar.project_settings')}>
          <IconButton
            color="inherit"
            component={Link}
            to={`/projects/${projectId}/details/edit`}
            aria-label={translate('app.appbar.project_settings')}
            data-testid="project-settings"
          >
            <TuneIcon />
          </IconButton>
        </Tooltip>
      )}
      <ThemeToggle />
    </Box>
  );
}

export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar toolbar={<Toolbar />} userMenu={<UserMenu />} color="secondary">
      <Typography
        variant="h6"
        component={Link}
        to="/projects"
        sx={{
          color: 'inherit',
          textDecoration: 'none',
          fontWeight: 700,
          display: { xs: 'none', md: 'block' },
          mr: 2,
        }}
      >
        {translate('app.name')}
      </Typography>
      {/* Phones need the room for the selector and buttons; the page title hides there. */}
      <Box
        id="react-admin-title"
        sx={{
          display: { xs: 'none', sm: 'block' },
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
        }}
      />
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
