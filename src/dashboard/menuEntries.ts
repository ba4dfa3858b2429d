// The side menu of SPEC §1 as data: each entry's route name, path and permission keys (SPEC §6),
// so the menu, the "coming soon" routes and the tests read one table. Who sees an entry follows
// from the shared permission table alone (access.ts), never from a role list of its own.
import { allows, type AccessRule } from './access';
import { PRODUCT } from './actions/actionPaths';
import { NEW_PAGE_KIND } from './pages-overview/pageKinds';

export type MenuGroup = 'create' | 'main' | 'connections' | 'advanced';

export interface MenuEntry extends AccessRule {
  /** SPEC §2's named route; also the data-testid `menu-<name>`. */
  name: string;
  label: string;
  group: MenuGroup;
  /** Path with `:pid` for project-scoped entries. */
  path: string;
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    name: 'qrcodeAdd',
    label: 'app.menu.create_qrcode',
    group: 'create',
    path: '/projects/:pid/qr-code/create',
    key: 'ProjectQRCodesView',
  },
  {
    name: 'shortLinkAdd',
    label: 'app.menu.create_short_link',
    group: 'create',
    path: '/projects/:pid/short-links/create',
    key: 'ProjectShortLinksView',
  },
  {
    name: 'pagesAdd',
    label: 'app.menu.create_page',
    group: 'create',
    // A page is an Action of a page kind: the editor opens on that kind's tab.
    path: `/projects/:pid/${PRODUCT}/create?type=${NEW_PAGE_KIND}`,
    key: 'ProjectQRCodesView',
  },
  {
    name: 'home',
    label: 'app.menu.home',
    group: 'main',
    path: '/projects/:pid/start',
    key: 'ProjectQRCodesView',
  },
  {
    name: 'qrcodeOverview',
    label: 'app.menu.qrcodes',
    group: 'connections',
    path: '/projects/:pid/qr-codes',
    key: 'ProjectQRCodesView',
  },
  {
    name: 'shortLinkOverview',
    label: 'app.menu.short_links',
    group: 'connections',
    path: '/projects/:pid/short-links',
    key: 'ProjectShortLinksView',
  },
  {
    name: 'pagesOverview',
    label: 'app.menu.pages',
    group: 'connections',
    path: '/projects/:pid/pages',
    key: 'ProjectQRCodesView',
  },
  {
    name: 'qrlinkOverview',
    label: 'app.menu.qr_links',
    group: 'advanced',
    path: '/projects/:pid/qr-links',
    key: 'ProjectQRLinksView',
  },
  {
    name: 'qrcodeTemplateOverview',
    label: 'app.menu.templates',
    group: 'advanced',
    path: '/projects/:pid/qrcodes/templates',
    key: 'QRCodeTemplateView',
  },
  {
    name: 'advertisementOverview',
    label: 'app.menu.advertisements',
    group: 'advanced',
    path: '/projects/:pid/ads',
    key: 'ProjectAdvertisementsView',
  },
  {
    name: 'labelOverview',
    label: 'app.menu.labels',
    group: 'advanced',
    path: '/projects/:pid/tags',
    key: 'ProjectLabelsView',
  },
  {
    name: 'themeOverview',
    label: 'app.menu.themes',
    group: 'advanced',
    path: '/projects/:pid/themes',
    key: 'ProjectThemesView',
  },
  {
    name: 'trashOverview',
    label: 'app.menu.trash',
    group: 'advanced',
    path: '/projects/:pid/trash',
    key: 'ProjectQRCodesView',
  },
  {
    name: 'projectStatistics',
    label: 'app.menu.statistics',
    group: 'advanced',
    path: '/projects/:pid/statistics',
    key: 'ProjectQRCodesView',
  },
  {
    name: 'projectAuditLogs',
    label: 'app.menu.audit_logs',
    group: 'advanced',
    path: '/projects/:pid/auditlogs',
    // The project menu is for those who work in its content; the platform admin, who may read a
    // project's audit log too, opens it from the project's own tabs.
    key: ['AuditLogsView', 'ProjectQRCodesView'],
  },
  // SPEC §6 gates "settings" with ProjectThemesView, a project-content key the platform admin
  // does not hold; the settings everyone may open are profile and security, so their key rules.
  {
    name: 'settings',
    label: 'app.menu.settings',
    group: 'advanced',
    path: '/settings/profile',
    // Admins too: their settings hold white label and analytics (SPEC §2).
    key: 'UserSelfView',
  },
  {
    name: 'customerOverview',
    label: 'app.menu.customers',
    group: 'main',
    path: '/customers',
    key: 'CustomersView',
  },
];

export function visibleEntries(role: string | null | undefined): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => allows(role, entry));
}

export function entryPath(entry: MenuEntry, projectId: string | null): string | null {
  if (!entry.path.includes(':pid')) return entry.path;
  return projectId ? entry.path.replace(':pid', projectId) : null;
}

/** The first path segment after /projects/:pid/ → the menu entry of its overview (SPEC §2). */
const SECTION_ENTRIES: Record<string, string> = {
  start: 'home',
  'qr-codes': 'qrcodeOverview',
  'qr-code': 'qrcodeOverview',
  'short-links': 'shortLinkOverview',
  pages: 'pagesOverview',
  'qr-links': 'qrlinkOverview',
  [PRODUCT]: 'qrlinkOverview',
  qrcodes: 'qrcodeTemplateOverview',
  ads: 'advertisementOverview',
  ad: 'advertisementOverview',
  tags: 'labelOverview',
  tag: 'labelOverview',
  themes: 'themeOverview',
  theme: 'themeOverview',
  trash: 'trashOverview',
  statistics: 'projectStatistics',
  auditlogs: 'projectAuditLogs',
};

export interface Section {
  entry: MenuEntry;
  /** The overview's own path; the back target of every screen below it. */
  path: string;
  /** True on the overview itself, false on its items, create screens and tabs. */
  isOverview: boolean;
}

/**
 * Where a project screen belongs: its overview and whether it is that overview. Screens without
 * one of their own (project details, users) answer null; SPEC §2's fallback back target is the QR
 * code overview, which `backTargetOf` gives.
 */
export function sectionOf(pathname: string): Section | null {
  const match = /^\/projects\/([^/]+)\/([^/]+)/.exec(pathname);
  if (!match) return null;
  const [, projectId, segment] = match;
  const entry = MENU_ENTRIES.find((candidate) => candidate.name === SECTION_ENTRIES[segment]);
  if (!entry) return null;
  const path = entryPath(entry, projectId)!;
  return { entry, path, isOverview: pathname.replace(/\/$/, '') === path };
}

export function backTargetOf(pathname: string, projectId: string): string {
  const section = sectionOf(pathname);
  if (section && !section.isOverview) return section.path;
  return `/projects/${projectId}/qr-codes`;
}
