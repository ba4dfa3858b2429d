// SPEC §2's short link routes (shortLinkOverview, shortLinkAdd, shortLinkDetailsEdit, …).
export const SHORT_LINK_TABS = ['details/edit', 'qr-links', 'statistics', 'auditlogs'] as const;
export type ShortLinkTab = (typeof SHORT_LINK_TABS)[number];

export const SHORT_LINK_ROUTES = {
  overview: '/projects/:pid/short-links',
  add: '/projects/:pid/short-links/create',
  item: '/projects/:pid/short-links/:id/*',
} as const;

export const shortLinkPaths = {
  overview: (pid: string) => `/projects/${pid}/short-links`,
  add: (pid: string) => `/projects/${pid}/short-links/create`,
  tab: (pid: string, id: string, tab: ShortLinkTab = 'details/edit') =>
    `/projects/${pid}/short-links/${id}/${tab}`,
};
