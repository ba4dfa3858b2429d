// The child routes of one advertisement (SPEC §2: details/edit, qr-codes, statistics, auditlogs).
import { ItemPageTabs } from '../common/ItemPageTabs';
import { adPaths } from './adPaths';

export function AdvertisementTabs({ projectId, id }: { projectId: string; id: string }) {
  return (
    <ItemPageTabs
      paths={adPaths}
      words="advertisements"
      testPrefix="ad"
      projectId={projectId}
      id={id}
    />
  );
}
