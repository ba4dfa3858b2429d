import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { CustomerList } from './CustomerList';

export default {
  list: CustomerList,
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
