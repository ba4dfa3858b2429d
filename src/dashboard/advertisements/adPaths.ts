// SPEC §2's routes of the advertisements: /projects/{Pid}/ads, …/ads/create and
// /projects/{Pid}/ad/{Aid} with children details/edit, qr-codes, statistics, auditlogs.
export const AD_ROUTES = {
  overview: '/projects/:pid/ads',
  add: '/projects/:pid/ads/create',
  item: '/projects/:pid/ad/:id',
  detailsEdit: '/projects/:pid/ad/:id/details/edit',
  qrCodes: '/projects/:pid/ad/:id/qr-codes',
  statistics: '/projects/:pid/ad/:id/statistics',
  auditLogs: '/projects/:pid/ad/:id/auditlogs',
} as const;

/** SPEC §2's named routes: advertisementOverview, advertisementAdd, advertisementDetailsEdit, … */
export const adPaths = {
  overview: (pid: string) => `/projects/${pid}/ads`,
  add: (pid: string) => `/projects/${pid}/ads/create`,
  detailsEdit: (pid: string, id: string) => `/projects/${pid}/ad/${id}/details/edit`,
  qrCodes: (pid: string, id: string) => `/projects/${pid}/ad/${id}/qr-codes`,
  statistics: (pid: string, id: string) => `/projects/${pid}/ad/${id}/statistics`,
  auditLogs: (pid: string, id: string) => `/projects/${pid}/ad/${id}/auditlogs`,
};
