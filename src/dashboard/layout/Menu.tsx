// The side menu of SPEC §1: "Create new", Home, Connections, Advanced and Customers, each entry
// shown only when the role and the permission table allow it (SPEC §6).
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Box,
  Button,
  Divider,
  ListSubheader,
  Menu as MuiMenu,
  MenuItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import LinkIcon from '@mui/icons-material/Link';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import BarChartIcon from '@mui/icons-material/BarChartOutlined';
import HistoryIcon from '@mui/icons-material/History';
import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import type { ReactElement } from 'react';
import type { DashboardPermissions } from '../providers/authProvider';
import { entryPath, visibleEntries, type MenuEntry, type MenuGroup } from '../menuEntries';
import { useCurrentProjectId } from '../useCurrentProject';

const ICONS: Record<string, ReactElement> = {
  qrcodeAdd: <QrCodeIcon />,
  shortLinkAdd: <LinkIcon />,
  pagesAdd: <ArticleIcon />,
  home: <HomeIcon />,
  qrcodeOverview: <QrCodeIcon />,
  shortLinkOverview: <LinkIcon />,
  pagesOverview: <ArticleIcon />,
  qrlinkOverview: <CallSplitIcon />,
  qrcodeTemplateOverview: <DashboardCustomizeIcon />,
  advertisementOverview: <CampaignIcon />,
  labelOverview: <LabelIcon />,
  themeOverview: <PaletteIcon />,
  trashOverview: <DeleteOutlineIcon />,
  projectStatistics: <BarChartIcon />,
  projectAuditLogs: <HistoryIcon />,
  settings: <SettingsIcon />,
  customerOverview: <BusinessIcon />,
};

const GROUP_TITLES: Partial<Record<MenuGroup, string>> = {
  connections: 'app.menu.connections',
  advanced: 'app.menu.advanced',
};

function EntryItem({ entry, projectId }: { entry: MenuEntry; projectId: string | null }) {
  const translate = useTranslate();
  const to = entryPath(entry, projectId);
  const label = translate(entry.label);
  if (!to) {
    // Without a project there is nowhere to go yet; NoProjectNote above says why.
    return (
      <MenuItem component="div" role="link" disabled data-testid={`menu-${entry.name}`}>
        <ListItemIcon>{ICONS[entry.name]}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  }
  return (
    <RaMenu.Item
      to={to}
      primaryText={label}
      leftIcon={ICONS[entry.name]}
      role="link"
      data-testid={`menu-${entry.name}`}
    />
  );
}

/** With no project chosen, the menu says so in place and leads to the project list (issue 13). */
function NoProjectNote() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!open) {
    return (
      <RaMenu.Item
        to="/projects"
        primaryText={translate('app.menu.choose_project')}
        leftIcon={<FolderOpenIcon />}
        role="link"
        data-testid="menu-no-project"
      />
    );
  }
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="menu-no-project">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.menu.no_project_hint')}
      </Typography>
      <Button
        component={Link}
        to="/projects"
        variant="outlined"
        size="small"
        startIcon={<FolderOpenIcon />}
      >
        {translate('app.menu.choose_project')}
      </Button>
    </Box>
  );
}

function CreateNewButton({
  entries,
  projectId,
}: {
  entries: MenuEntry[];
  projectId: string | null;
}) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <Box sx={{ px: 1, py: 1 }}>
      <Button
        variant="contained"
        fullWidth={open}
        startIcon={open ? <AddIcon /> : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'create-new-menu' : undefined}
        aria-label={translate('app.menu.create_new')}
        data-testid="menu-create-new"
        sx={{ minWidth: 0 }}
      >
        {open ? translate('app.menu.create_new') : <AddIcon />}
      </Button>
      <MuiMenu id="create-new-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
        {entries.map((entry) => {
          const to = entryPath(entry, projectId);
          return (
            <MenuItem
              key={entry.name}
              component={Link}
              to={to ?? '#'}
              disabled={!to}
              onClick={close}
              data-testid={`menu-${entry.name}`}
            >
              <ListItemIcon>{ICONS[entry.name]}</ListItemIcon>
              <ListItemText>{translate(entry.label)}</ListItemText>
            </MenuItem>
          );
        })}
      </MuiMenu>
    </Box>
  );
}

export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  const projectId = useCurrentProjectId();
  const [open] = useSidebarState();
  const entries = visibleEntries(permissions?.role);
  const inGroup = (group: MenuGroup) => entries.filter((entry) => entry.group === group);
  const create = inGroup('create');

  return (
    // A navigation landmark of links, not an ARIA menu: MUI's MenuList would make it role="menu",
    // whose items, groups and notes then break the roles screen readers rely on (axe, issue 13).
    <RaMenu
      component="nav"
      role={undefined}
      aria-label={translate('app.menu.label')}
      data-testid="side-menu"
    >
      {!projectId && entries.some((entry) => entry.path.includes(':pid')) && <NoProjectNote />}
      {create.length > 0 && <CreateNewButton entries={create} projectId={projectId} />}
      {inGroup('main')
        .filter((entry) => entry.name === 'home')
        .map((entry) => (
          <EntryItem key={entry.name} entry={entry} projectId={projectId} />
        ))}
      {(['connections', 'advanced'] as const).map((group) => {
        const items = inGroup(group);
        if (!items.length) return null;
        return (
          <Box
            key={group}
            role="group"
            aria-label={translate(GROUP_TITLES[group] ?? '')}
            data-testid={`menu-group-${group}`}
          >
            {open ? (
              <ListSubheader
                component="div"
                aria-hidden
                sx={{ lineHeight: '36px', background: 'transparent' }}
              >
                {translate(GROUP_TITLES[group] ?? '')}
              </ListSubheader>
            ) : (
              <Divider />
            )}
            {items.map((entry) => (
              <EntryItem key={entry.name} entry={entry} projectId={projectId} />
            ))}
          </Box>
        );
      })}
      {inGroup('main')
        .filter((entry) => entry.name !== 'home')
        .map((entry) => (
          <EntryItem key={entry.name} entry={entry} projectId={projectId} />
        ))}
    </RaMenu>
  );
}
