// The calls of docs/api-links.md that are not react-admin CRUD: a free uri, an item's tags, and
// the trash's restore and empty. Typed once here; the screens of short links, tags and the trash
// use them through react-query.
import type { ItemResponse } from '../../shared/schemas/common';
import {
  LABEL_ITEM_PATHS,
  type LabelItemType,
  type LabelSummary,
} from '../../shared/schemas/label';
import { apiRequest } from '../providers/http';

export type TrashItemType = 'qr_code' | 'short_link';
export const TRASH_ITEM_PATHS: Record<TrashItemType, string> = {
  qr_code: 'qr-codes',
  short_link: 'short-links',
};

export interface UriSuggestion {
  uri: string;
  /** The full URL the uri would have: the scan base, '/', the uri. */
  scanUrl: string;
}

/** GET /projects/{pid}/short-links/suggest-uri: a random uri that is free right now. */
export async function suggestUri(projectId: string): Promise<UriSuggestion> {
  const { json } = await apiRequest<ItemResponse<UriSuggestion>>(
    `/projects/${projectId}/short-links/suggest-uri`,
  );
  return json.data;
}

/** 'https://scan.example/s/abc' and 'abc' → 'https://scan.example/s/'. */
export function scanBaseOf(suggestion: UriSuggestion): string {
  return suggestion.scanUrl.slice(0, suggestion.scanUrl.length - suggestion.uri.length);
}

/** PUT /projects/{pid}/{items}/{id}/labels: the item's tags become exactly these. */
export async function setItemLabels(
  projectId: string,
  itemType: LabelItemType,
  itemId: string,
  labelIds: string[],
): Promise<LabelSummary[]> {
  const { json } = await apiRequest<ItemResponse<LabelSummary[]>>(
    `/projects/${projectId}/${LABEL_ITEM_PATHS[itemType]}/${itemId}/labels`,
    { method: 'PUT', body: { labelIds } },
  );
  return json.data;
}

/** POST /projects/{pid}/{items}/{id}/restore. */
export async function restoreFromTrash(
  projectId: string,
  itemType: TrashItemType,
  itemId: string,
): Promise<void> {
  await apiRequest(`/projects/${projectId}/${TRASH_ITEM_PATHS[itemType]}/${itemId}/restore`, {
    method: 'POST',
  });
}

/** DELETE /projects/{pid}/{items}/{id}: permanent, only for trashed items. */
export async function deleteFromTrash(
  projectId: string,
  itemType: TrashItemType,
  itemId: string,
): Promise<void> {
  await apiRequest(`/projects/${projectId}/${TRASH_ITEM_PATHS[itemType]}/${itemId}`, {
    method: 'DELETE',
  });
}

/**
 * DELETE /projects/{pid}/trash/items: every trashed QR code and short link, for good (not
 * /trash itself, which SPEC §7 gives to trashing the project; docs/api-content.md).
 */
export async function emptyTrash(projectId: string): Promise<void> {
  await apiRequest(`/projects/${projectId}/trash/items`, { method: 'DELETE' });
}
