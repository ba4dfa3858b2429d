// Light/dark switch; react-admin's useTheme stores the choice (under "theme", see providers/store).
import { IconButton, ListItemIcon, ListItemText, MenuItem, useMediaQuery } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import { useTheme, useTranslate } from 'react-admin';

function useThemeSwitch() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [theme, setTheme] = useTheme(prefersDark ? 'dark' : 'light');
  return { isDark: theme === 'dark', toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}

export function ThemeToggle() {
  const translate = useTranslate();
  const { isDark, toggle } = useThemeSwitch();
  const label = translate('app.appbar.toggle_theme');
  // The browser's own hint (title), not MUI's Tooltip: the sign-in page shows this button, and
  // the Tooltip with its Popper would add 12 KB to the first download (issue 13, part 9).
  return (
    <IconButton
      color="inherit"
      onClick={toggle}
      aria-label={label}
      title={label}
      aria-pressed={isDark}
      data-testid="theme-toggle"
    >
      {isDark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

/** The same switch as a user-menu item. */
export function ThemeMenuItem({ onClick }: { onClick?: () => void }) {
  const translate = useTranslate();
  const { isDark, toggle } = useThemeSwitch();
  return (
    <MenuItem
      onClick={() => {
        toggle();
        onClick?.();
      }}
      data-testid="user-menu-theme-toggle"
    >
      <ListItemIcon>
        {isDark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      </ListItemIcon>
      <ListItemText>
        {translate(isDark ? 'app.appbar.light_mode' : 'app.appbar.dark_mode')}
      </ListItemText>
    </MenuItem>
  );
}
