// Light and dark themes: react-admin's defaults with our primary colour, and a "sm" breakpoint at
// 826 px so react-admin's sidebar becomes a toggled drawer at 825 px and below (SPEC §1).
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { DEFAULT_PRIMARY_COLOR, NARROW_SCREEN_PX } from '../shared/constants';

const breakpoints = { values: { xs: 0, sm: NARROW_SCREEN_PX + 1, md: 900, lg: 1200, xl: 1536 } };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  breakpoints,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: DEFAULT_PRIMARY_COLOR },
    secondary: { main: '#1f2937' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  breakpoints,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: DEFAULT_PRIMARY_COLOR },
    secondary: { main: '#111827' },
  },
};
