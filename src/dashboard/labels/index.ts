// Tags (labels): the resource config, its screens at SPEC §2's paths, and the reusable parts for
// the lists and details of QR codes, short links and Actions.
import LabelIcon from '@mui/icons-material/LabelOutlined';

export { LabelList } from './LabelList';
export { LabelCreate } from './LabelCreate';
export { LabelEdit } from './LabelEdit';
export { LabelChips } from './LabelChips';
export { LabelsInput } from './LabelsInput';
export { LabelFilter } from './LabelFilter';
export { LABEL_ROUTES, labelPaths } from './labelPaths';

export default {
  icon: LabelIcon,
  recordRepresentation: 'name',
};
