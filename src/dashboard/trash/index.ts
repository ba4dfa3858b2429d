// The project trash (SPEC §2, §4): QR codes and short links, restore, delete, empty.
import TrashIcon from '@mui/icons-material/DeleteOutline';

export { TrashPage, TRASH_ROUTE, trashPath } from './TrashPage';

export default {
  icon: TrashIcon,
};
