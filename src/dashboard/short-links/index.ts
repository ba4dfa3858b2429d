// Short links: the resource config and its screens at SPEC §2's project-scoped paths
// (SHORT_LINK_ROUTES, registered as custom routes).
import ShortLinkIcon from '@mui/icons-material/Link';

export { ShortLinkList } from './ShortLinkList';
export { ShortLinkCreate } from './ShortLinkCreate';
export { ShortLinkPage } from './ShortLinkPage';
export { SHORT_LINK_ROUTES, shortLinkPaths } from './shortLinkPaths';

export default {
  icon: ShortLinkIcon,
  recordRepresentation: 'name',
};
