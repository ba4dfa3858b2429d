// SPEC §2's routes of the Actions ("QR links"); `{product}` in the paths is 'qr-link'.
import type { ActionType } from '../../shared/enums';

export const PRODUCT = 'qr-link';

export const ACTION_ROUTES = {
  overview: '/projects/:pid/qr-links',
  add: `/projects/:pid/${PRODUCT}/create`,
  item: `/projects/:pid/${PRODUCT}/:id`,
  detailsEdit: `/projects/:pid/${PRODUCT}/:id/details/edit`,
  qrCodes: `/projects/:pid/${PRODUCT}/:id/qr-codes`,
  statistics: `/projects/:pid/${PRODUCT}/:id/statistics`,
  placements: `/projects/:pid/${PRODUCT}/:id/placements`,
  auditLogs: `/projects/:pid/${PRODUCT}/:id/auditlogs`,
} as const;

/** SPEC §2's named routes: {product}Overview, {product}Add, {product}DetailsEdit, … */
export const actionPaths = {
  overview: (pid: string) => `/projects/${pid}/qr-links`,
  /** The editor opens on `type`'s tab when given (`?type=`, read by ActionCreate). */
  add: (pid: string, type?: ActionType) =>
    `/projects/${pid}/${PRODUCT}/create${type ? `?type=${type}` : ''}`,
  detailsEdit: (pid: string, id: string) => `/projects/${pid}/${PRODUCT}/${id}/details/edit`,
  qrCodes: (pid: string, id: string) => `/projects/${pid}/${PRODUCT}/${id}/qr-codes`,
  statistics: (pid: string, id: string) => `/projects/${pid}/${PRODUCT}/${id}/statistics`,
  placements: (pid: string, id: string) => `/projects/${pid}/${PRODUCT}/${id}/placements`,
  auditLogs: (pid: string, id: string) => `/projects/${pid}/${PRODUCT}/${id}/auditlogs`,
};
