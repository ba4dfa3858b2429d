// A router-independent way to navigate, so the dataProvider (outside React) can send the user to
// /login or /error; the App installs react-router's navigate once it is mounted.
type Navigator = (to: string) => void;

let navigator: Navigator = (to) => window.location.assign(to);

export function setNavigator(fn: Navigator): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  navigator(to);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Routes that never need a login (SPEC §2: the no-nav layout). */
export const PUBLIC_PATHS = [
  '/login',
  '/password/forget',
  '/recovery',
  '/register',
  '/setup',
  '/404',
  '/error',
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function loginUrlWithReturn(path: string = currentPath()): string {
  const pathname = path.split('?')[0];
  // Several calls may fail at once; the later ones find the user on /login and keep its return_to.
  if (pathname === '/login') return path;
  if (isPublicPath(pathname) || pathname === '/') return '/login';
  return `/login?return_to=${encodeURIComponent(path)}`;
}

/**
 * Only same-origin relative paths are accepted as return_to: an absolute or protocol-relative
 * URL (//evil.example, /\evil.example) would turn the login page into an open redirect.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    const base = 'http://same.origin';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = url.pathname + url.search + url.hash;
    return isPublicPath(url.pathname) ? null : path;
  } catch {
    return null;
  }
}

/** The project id of the current route (/projects/:pid/…), if any. */
export function projectIdFromPath(pathname: string): string | null {
  const match = /^\/projects\/([0-9A-HJKMNP-TV-Z]{26})(?:\/|$)/i.exec(pathname);
  return match ? match[1] : null;
}
