// The API calls behind the bulk tag button: tag many items with one label, and read the current
// tags of the selected items (a selection can span pages) so the dialog can warn about the limit.
import type { Identifier } from 'react-admin';
import type { LabelItemType, LabelSummary } from '../../shared/schemas/label';
import { apiRequest } from '../providers/http';

/** POST /projects/{pid}/labels/{labelId}/items: all or nothing on the server. */
export async function tagItems(
  projectId: string,
  labelId: string,
  itemType: LabelItemType,
  itemIds: readonly Identifier[],
): Promise<void> {
  await apiRequest(`/projects/${projectId}/labels/${encodeURIComponent(labelId)}/items`, {
    method: 'POST',
    body: { itemType, itemIds: itemIds.map(String) },
  });
}

/** GET /projects/{pid}/item-labels: the tags of each item; items of other projects are left out. */
export async function fetchItemLabels(
  projectId: string,
  itemType: LabelItemType,
  itemIds: readonly Identifier[],
): Promise<Record<string, LabelSummary[]>> {
  if (itemIds.length === 0) return {};
  const { json } = await apiRequest<{ data: Record<string, LabelSummary[]> }>(
    `/projects/${projectId}/item-labels`,
    { query: { itemType, ids: itemIds.map(String).join(',') } },
  );
  return json.data;
}
