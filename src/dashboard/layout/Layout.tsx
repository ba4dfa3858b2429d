// The "default" layout (SPEC §2): react-admin's Layout with our slots, the trial banner, and the
// routed page keyed by its full path so it re-renders on every path change.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { TrialBanner } from './TrialBanner';
import { LanguageSync } from './LanguageSync';
import { RowCheckboxLabels } from './RowCheckboxLabels';
import { Breadcrumbs } from './Breadcrumbs';

/**
 * react-admin keeps list state (filter, page, sort) in the query string; re-mounting on those would
 * drop focus from the search box at every keystroke, so they are left out of the key.
 */
const LIST_PARAMS = new Set(['filter', 'page', 'perPage', 'sort', 'order', 'displayedFilters']);

export function routeKey(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (LIST_PARAMS.has(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

export function Layout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      // min-width 0 (react-admin's root has fit-content): the content column may shrink to a
      // phone's width; wide parts (tab rows, tables) then scroll inside their own box instead of
      // widening the whole page.
      sx={{
        minWidth: 0,
        '& .RaLayout-content': { pt: 1, minWidth: 0 },
        '& .RaLayout-contentWithSidebar': { minWidth: 0 },
      }}
    >
      <LanguageSync />
      <RowCheckboxLabels />
      <TrialBanner />
      <Breadcrumbs />
      <div key={routeKey(location.pathname, location.search)}>{children}</div>
    </RaLayout>
  );
}
