// The user menu of SPEC §1: the user's name, profile and security, a dark/light toggle, the portal
// link (customer admins only, SPEC §6) and logout.
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import LogoutIcon from '@mui/icons-material/Logout';
import type { SvgIconComponent } from '@mui/icons-material';
import { useGetIdentity, useLogout, usePermissions, useTranslate } from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';
import { ThemeMenuItem } from './ThemeToggle';
import { ACCESS_RULES, allows } from '../access';

/** The portal link opens the billing page: plan, payment method, invoices (issue 10). */
const PORTAL_PATH = '/billing';

/** A line of the menu, named for its label `app.appbar.<name>` and test id `user-menu-<name>`: an
 * icon and the label, a link to a page when it has `to`. */
function MenuEntry({
  name,
  to,
  Icon,
  onClick,
}: {
  name: 'profile' | 'security' | 'portal' | 'logout';
  to?: string;
  Icon: SvgIconComponent;
  onClick: () => void;
}) {
  const translate = useTranslate();
  const link = to ? { component: Link, to } : {};
  return (
    <MenuItem {...link} onClick={onClick} data-testid={`user-menu-${name}`}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate(`app.appbar.${name}`)}</ListItemText>
    </MenuItem>
  );
}

export function UserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<DashboardPermissions>();
  const isWide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const label = translate('app.appbar.user_menu');
  const name = identity?.fullName ?? '';

  return (
    <>
      {isWide ? (
        <Button
          color="inherit"
          onClick={open}
          startIcon={<AccountCircleIcon />}
          // The visible name first, so speech input can say what it sees (WCAG 2.5.3).
          aria-label={name ? `${name}, ${label}` : label}
          aria-haspopup="menu"
          data-testid="user-menu"
          sx={{ textTransform: 'none' }}
        >
          {name}
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton
            color="inherit"
            onClick={open}
            aria-label={label}
            aria-haspopup="menu"
            data-testid="user-menu"
          >
            <AccountCircleIcon />
          </IconButton>
        </Tooltip>
      )}
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, py: 1 }} data-testid="user-menu-name">
          {name}
        </Typography>
        <Divider />
        <MenuEntry name="profile" to="/settings/profile" Icon={PersonIcon} onClick={close} />
        <MenuEntry name="security" to="/settings/security" Icon={LockIcon} onClick={close} />
        <ThemeMenuItem onClick={close} />
        {/* The link is shown exactly when its page opens (SPEC §6: the customer admin's). */}
        {allows(permissions?.role, ACCESS_RULES['billing.list']) && (
          <MenuEntry name="portal" to={PORTAL_PATH} Icon={OpenInNewIcon} onClick={close} />
        )}
        <Divider />
        <MenuEntry
          name="logout"
          Icon={LogoutIcon}
          onClick={() => {
            close();
            void logout({ explicit: true });
          }}
        />
      </Menu>
    </>
  );
}
