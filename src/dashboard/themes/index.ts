// The resource config of themes. Their screens live at SPEC §2's project-scoped paths
// (CustomRoutes in App.tsx), so the resource itself registers no routes.
import BrushIcon from '@mui/icons-material/BrushOutlined';
import { ThemeCreate } from './ThemeCreate';
import { ThemeEdit, ToThemeDetails } from './ThemeEdit';
import { ThemeList } from './ThemeList';

export { ThemeCreate, ThemeEdit, ThemeList, ToThemeDetails };

export default {
  icon: BrushIcon,
  recordRepresentation: 'name',
};
