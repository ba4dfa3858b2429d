// Bulk trash for QR codes and short links: after a confirmation, each selected item goes to the
// trash through its own call (DELETE …/{id}/trash: audited and dropped from the scan cache there).
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  type Identifier,
} from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { bulkErrorKey } from './bulkErrors';

export function BulkTrashButton({ projectId }: { projectId: string }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // The list's own methods: its selection may live under a storeKey (one list per project).
  const { selectedIds, resource, onSelect } = useListContext();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);

  const trashAll = async () => {
    setBusy(true);
    const trashed: Identifier[] = [];
    let firstError: unknown = null;
    // One after the other: the server audits each, and a failure stops nothing else.
    for (const id of selectedIds) {
      try {
        await dataProvider.trash(resource, { id, meta: { projectId } });
        trashed.push(id);
      } catch (error) {
        firstError ??= error;
      }
    }
    setBusy(false);
    setOpen(false);
    // What failed stays selected, to retry or look at.
    onSelect(selectedIds.filter((id) => !trashed.includes(id)));
    refresh();
    if (firstError === null) {
      notify('app.bulk.trashed', { type: 'success', messageArgs: { smart_count: trashed.length } });
    } else {
      notify(bulkErrorKey(firstError) ?? 'app.bulk.trash_failed', {
        type: 'error',
        messageArgs: { smart_count: selectedIds.length - trashed.length },
      });
    }
  };

  return (
    <>
      <Button
        label="app.bulk.trash"
        color="error"
        onClick={() => setOpen(true)}
        data-testid="bulk-trash"
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={isOpen}
        loading={isBusy}
        title="app.bulk.trash_title"
        content="app.bulk.trash_content"
        translateOptions={{ smart_count: selectedIds.length }}
        confirmColor="warning"
        onClose={() => setOpen(false)}
        onConfirm={() => void trashAll()}
      />
    </>
  );
}
