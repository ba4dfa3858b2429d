import FolderIcon from '@mui/icons-material/FolderOutlined';
import { ProjectList } from './ProjectList';
import { ProjectCreate } from './ProjectCreate';

export default {
  list: ProjectList,
  create: ProjectCreate,
  icon: FolderIcon,
  recordRepresentation: 'name',
};
