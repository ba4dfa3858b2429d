// The API calls behind the bulk buttons: tag many items with one label, and read the tags of a
// page of items (QR codes and Actions answer without them).
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
