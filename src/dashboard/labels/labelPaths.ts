// SPEC §2's tag routes (labelOverview, labelAdd, labelDetailsEdit).
export const LABEL_ROUTES = {
  overview: '/projects/:pid/tags',
  add: '/projects/:pid/tags/create',
  item: '/projects/:pid/tag/:id',
  detailsEdit: '/projects/:pid/tag/:id/details/edit',
} as const;

export const labelPaths = {
  overview: (pid: string) => `/projects/${pid}/tags`,
  add: (pid: string) => `/projects/${pid}/tags/create`,
  detailsEdit: (pid: string, id: string) => `/projects/${pid}/tag/${id}/details/edit`,
};
