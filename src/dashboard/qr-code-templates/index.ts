// The resource config of QR code templates (named designs). The screens live at SPEC §2's
// project-scoped paths (CustomRoutes), so the resource itself registers no routes.
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import { QrCodeTemplateList } from './QrCodeTemplateList';
import { QrCodeTemplateCreate } from './QrCodeTemplateCreate';
import { QrCodeTemplateEdit } from './QrCodeTemplateEdit';

export { QrCodeTemplateList, QrCodeTemplateCreate, QrCodeTemplateEdit };

export default {
  icon: PaletteIcon,
  recordRepresentation: 'name',
};
