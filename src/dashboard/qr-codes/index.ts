// The resource config of QR codes. The screens live at SPEC §2's project-scoped paths
// (CustomRoutes: QrCodeList.path, QrCodePage.path, and the lazy wizard), so the resource itself
// registers no routes of its own.
import { lazy } from 'react';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { QrCodeList } from './QrCodeList';
import { QrCodePage } from './QrCodePage';

/** The wizard and its designer load on demand (STYLE: heavy parts lazy). */
export const QrCodeWizard = lazy(() => import('./QrCodeCreate'));
export const QR_CODE_WIZARD_PATH = '/projects/:pid/qr-code/create/*';

export { QrCodeList, QrCodePage };

export default {
  icon: QrCodeIcon,
  recordRepresentation: 'name',
};
