// The Actions resource ("QR links"). Its screens live at SPEC §2's project-scoped paths
// (ACTION_ROUTES, registered as custom routes), so the resource itself only names and draws them.
import QrLinkIcon from '@mui/icons-material/AltRouteOutlined';

export { ActionList } from './ActionList';
export { ActionCreate } from './ActionCreate';
export { ActionEdit } from './ActionEdit';
export { ActionQrCodes } from './ActionQrCodes';
export { ActionStatistics, ActionAuditLogs } from './ActionStatistics';
export { ACTION_ROUTES, actionPaths, PRODUCT } from './actionPaths';

export default {
  icon: QrLinkIcon,
  recordRepresentation: 'name',
};
