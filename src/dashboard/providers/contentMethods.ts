// The dataProvider's calls for project content that are not react-admin CRUD (docs/api-links.md,
// docs/api-content.md, docs/api-themes.md): a free uri, an item's tags, the trash's restore and
// empty, the landing-page previews and restoring an audited version. Kept apart from
// dataProvider.ts, which spreads them in, so every screen reaches the API through one object.
import type { ItemResponse } from '../../shared/schemas/common';
import {
  LABEL_ITEM_PATHS,
  type LabelItemType,
  type LabelSummary,
} from '../../shared/schemas/label';
import type { PlacementStatistics } from '../../shared/schemas/placement';
import { apiRequest } from './http';

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

/** What a restored audit version changed: the item, to open it. */
export interface RestoredVersion {
  type: string;
  itemId: string;
  projectId: string;
}

export interface ContentMethods {
  suggestUri(projectId: string): Promise<{ data: UriSuggestion }>;
  setItemLabels(
    projectId: string,
    itemType: LabelItemType,
    itemId: string,
    labelIds: string[],
  ): Promise<{ data: LabelSummary[] }>;
  restoreFromTrash(projectId: string, itemType: TrashItemType, itemId: string): Promise<void>;
  deleteFromTrash(projectId: string, itemType: TrashItemType, itemId: string): Promise<void>;
  emptyTrash(projectId: string): Promise<void>;
  /** The landing page as these (unsaved) theme settings would draw it. */
  previewTheme(projectId: string, settings: unknown, signal?: AbortSignal): Promise<string>;
  /** A page-kind QR link's landing page as a visitor would see it. */
  previewPage(projectId: string, pageId: string, signal?: AbortSignal): Promise<string>;
  restoreVersion(auditLogId: string): Promise<{ data: RestoredVersion }>;
  /** The converter service (SPEC §7): an SVG as PDF or EPS, posted as the multipart field `svg`. */
  convertSvg(svg: string, name: string, ext: 'pdf' | 'eps'): Promise<Blob>;
  /** Placements (issue 16 part 7): one new QR code of the QR link per name. */
  createPlacements(
    projectId: string,
    actionId: string,
    names: string[],
  ): Promise<{ data: { id: string; name: string; code: string }[] }>;
  /** The QR link's QR codes side by side over a range (ISO instants or YYYY-MM-DD). */
  getPlacementStatistics(
    projectId: string,
    actionId: string,
    range: { from: string; to: string },
  ): Promise<{ data: PlacementStatistics[] }>;
}

const trashItemPath = (projectId: string, itemType: TrashItemType, itemId: string) =>
  `/projects/${projectId}/${TRASH_ITEM_PATHS[itemType]}/${itemId}`;

export const contentMethods: ContentMethods = {
  async suggestUri(projectId) {
    const { json } = await apiRequest<ItemResponse<UriSuggestion>>(
      `/projects/${projectId}/short-links/suggest-uri`,
    );
    return { data: json.data };
  },
  async setItemLabels(projectId, itemType, itemId, labelIds) {
    const { json } = await apiRequest<ItemResponse<LabelSummary[]>>(
      `/projects/${projectId}/${LABEL_ITEM_PATHS[itemType]}/${itemId}/labels`,
      { method: 'PUT', body: { labelIds } },
    );
    return { data: json.data };
  },
  async restoreFromTrash(projectId, itemType, itemId) {
    await apiRequest(`${trashItemPath(projectId, itemType, itemId)}/restore`, { method: 'POST' });
  },
  async deleteFromTrash(projectId, itemType, itemId) {
    await apiRequest(trashItemPath(projectId, itemType, itemId), { method: 'DELETE' });
  },
  // DELETE /projects/{pid}/trash/items, not /trash itself, which SPEC §7 gives to trashing the project.
  async emptyTrash(projectId) {
    await apiRequest(`/projects/${projectId}/trash/items`, { method: 'DELETE' });
  },
  async previewTheme(projectId, settings, signal) {
    const { json: html } = await apiRequest<string>(`/projects/${projectId}/themes/preview`, {
      method: 'POST',
      body: { settings },
      accept: 'text/html',
      signal,
    });
    return html;
  },
  async previewPage(projectId, pageId, signal) {
    const { json: html } = await apiRequest<string>(
      `/projects/${projectId}/pages/${pageId}/preview`,
      {
        accept: 'text/html',
        signal,
      },
    );
    return html;
  },
  async restoreVersion(auditLogId) {
    const { json } = await apiRequest<ItemResponse<RestoredVersion>>(
      `/audit-logs/${auditLogId}/restore`,
      { method: 'POST' },
    );
    return { data: json.data };
  },
  async convertSvg(svg, name, ext) {
    const body = new FormData();
    body.append('svg', new Blob([svg], { type: 'image/svg+xml' }), `${name}.svg`);
    const { json } = await apiRequest<Blob>(`/converter/svg2${ext}`, {
      method: 'POST',
      body,
      blob: true,
      accept: ext === 'pdf' ? 'application/pdf' : 'application/postscript',
    });
    return json;
  },
  async createPlacements(projectId, actionId, names) {
    const { json } = await apiRequest<{ data: { id: string; name: string; code: string }[] }>(
      `/projects/${projectId}/actions/${actionId}/placements`,
      { method: 'POST', body: { names } },
    );
    return { data: json.data };
  },
  async getPlacementStatistics(projectId, actionId, range) {
    const { json } = await apiRequest<{ data: PlacementStatistics[] }>(
      `/projects/${projectId}/actions/${actionId}/placements`,
      { query: range },
    );
    return { data: json.data };
  },
};
