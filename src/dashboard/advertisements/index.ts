// The advertisements resource (SPEC's campaigns). Its screens live at SPEC §2's project-scoped
// paths (AD_ROUTES, registered as custom routes), so the resource itself only names and draws them.
import AdIcon from '@mui/icons-material/CampaignOutlined';

export { AdvertisementList } from './AdvertisementList';
export { AdvertisementCreate } from './AdvertisementCreate';
export { AdvertisementEdit } from './AdvertisementEdit';
export { AdvertisementQrCodes } from './AdvertisementQrCodes';
export { AdvertisementStatistics, AdvertisementAuditLogs } from './AdvertisementStatistics';
export { QrCodeAdvertisements } from './QrCodeAdvertisements';
export { AD_ROUTES, adPaths } from './adPaths';

export default {
  icon: AdIcon,
  recordRepresentation: 'name',
};
