// The child routes of one Action (SPEC §2: details/edit, qr-codes, statistics, auditlogs) as tabs.
import { ItemPageTabs } from '../common/ItemPageTabs';
import { actionPaths } from './actionPaths';

export function ActionTabs({ projectId, id }: { projectId: string; id: string }) {
  return (
    <ItemPageTabs
      paths={actionPaths}
      words="actions"
      testPrefix="action"
      projectId={projectId}
      id={id}
    />
  );
}
