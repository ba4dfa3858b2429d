// The dataProvider's calls inside a project that are not react-admin CRUD nor content
// (docs/api-content.md, docs/api-campaigns.md, docs/api-themes.md, docs/api.md "Import",
// "Webhooks"): tagging many items, the QR codes behind a QR link, an advertisement's links and
// figures, a theme's logo and activation, the import, a webhook's deliveries and the project's
// limits. Kept apart from dataProvider.ts, which spreads them in.
import type { Identifier } from 'react-admin';
import type { ListResponse } from '../../shared/schemas/common';
import type { AdvertisementStats } from '../../shared/schemas/advertisement';
import type { ImportKind } from '../../shared/schemas/import';
import type { LabelItemType, LabelSummary } from '../../shared/schemas/label';
import type { ProjectLimitsInput } from '../../shared/schemas/limits';
import { apiData, apiRequest } from './http';

/** Which links an advertisement card reads and replaces: an ad's QR codes, or a QR code's ads. */
export type AdLink =
  { projectId: string; advertisementId: string } | { projectId: string; qrCodeId: string };

export interface ImportQuery {
  kind: ImportKind;
  keyColumn?: string;
}

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

function adLinkPath(link: AdLink): string {
  return 'advertisementId' in link
    ? `${projectPath(link.projectId)}/advertisements/${link.advertisementId}/qr-codes`
    : `${projectPath(link.projectId)}/qr-codes/${link.qrCodeId}/advertisements`;
}

export interface ProjectMethods {
  /** POST …/labels/{labelId}/items: all or nothing on the server. */
  tagItems(
    projectId: string,
    labelId: string,
    itemType: LabelItemType,
    itemIds: readonly Identifier[],
  ): Promise<void>;
  /** GET …/item-labels: the tags of each item; items of other projects are left out. */
  getItemLabels(
    projectId: string,
    itemType: LabelItemType,
    itemIds: readonly Identifier[],
  ): Promise<Record<string, LabelSummary[]>>;
  /** The QR codes that lead to a QR link (its page or redirect). */
  getActionQrCodes<T>(projectId: string, actionId: string): Promise<T[]>;
  getAdLinks<T>(link: AdLink): Promise<T[]>;
  setAdLinks<T>(link: AdLink, ids: string[]): Promise<T[]>;
  getAdvertisementStats(
    projectId: string,
    id: string,
    from: string | undefined,
  ): Promise<AdvertisementStats>;
  deleteThemeLogo(projectId: string, themeId: Identifier): Promise<void>;
  activateTheme(projectId: string, themeId: Identifier): Promise<void>;
  /** The file goes as the body, as a script would send it. */
  previewImport<T>(projectId: string, file: File, query: ImportQuery): Promise<T>;
  startImport<T>(projectId: string, file: File, query: ImportQuery): Promise<T>;
  getImportJob<T>(projectId: string, jobId: string): Promise<T>;
  getWebhookDeliveries<T>(projectId: string, webhookId: string): Promise<T[]>;
  resendWebhookDelivery(projectId: string, webhookId: string, deliveryId: string): Promise<void>;
  updateProjectLimits(projectId: string, limits: ProjectLimitsInput): Promise<void>;
}

const importQuery = ({ kind, keyColumn }: ImportQuery) =>
  keyColumn === undefined ? { kind } : { kind, keyColumn };
const deliveriesPath = (projectId: string, webhookId: string) =>
  `${projectPath(projectId)}/webhooks/${encodeURIComponent(webhookId)}/deliveries`;

export const projectMethods: ProjectMethods = {
  async tagItems(projectId, labelId, itemType, itemIds) {
    await apiRequest(`${projectPath(projectId)}/labels/${encodeURIComponent(labelId)}/items`, {
      method: 'POST',
      body: { itemType, itemIds: itemIds.map(String) },
    });
  },
  async getItemLabels(projectId, itemType, itemIds) {
    if (itemIds.length === 0) return {};
    return apiData(`${projectPath(projectId)}/item-labels`, {
      query: { itemType, ids: itemIds.map(String).join(',') },
    });
  },
  getActionQrCodes: (projectId, actionId) =>
    apiData(`${projectPath(projectId)}/actions/${encodeURIComponent(actionId)}/qr-codes`),
  getAdLinks: (link) => apiData(adLinkPath(link)),
  async setAdLinks<T>(link: AdLink, ids: string[]) {
    const bodyKey = 'advertisementId' in link ? 'qrCodeIds' : 'advertisementIds';
    const { json } = await apiRequest<ListResponse<T>>(adLinkPath(link), {
      method: 'PUT',
      body: { [bodyKey]: ids },
    });
    return json.data;
  },
  getAdvertisementStats: (projectId, id, from) =>
    apiData(`${projectPath(projectId)}/advertisements/${encodeURIComponent(id)}/stats`, {
      query: from ? { from } : {},
    }),
  async deleteThemeLogo(projectId, themeId) {
    await apiRequest(`${projectPath(projectId)}/themes/${themeId}/logo`, { method: 'DELETE' });
  },
  async activateTheme(projectId, themeId) {
    await apiRequest(`${projectPath(projectId)}/themes/${themeId}/activate`, { method: 'POST' });
  },
  previewImport: (projectId, file, query) =>
    apiData(`${projectPath(projectId)}/imports/preview`, {
      method: 'POST',
      body: file,
      query: importQuery(query),
    }),
  startImport: (projectId, file, query) =>
    apiData(`${projectPath(projectId)}/imports`, {
      method: 'POST',
      body: file,
      query: importQuery(query),
    }),
  getImportJob: (projectId, jobId) =>
    apiData(`${projectPath(projectId)}/imports/${encodeURIComponent(jobId)}`),
  getWebhookDeliveries: (projectId, webhookId) =>
    apiData(deliveriesPath(projectId, webhookId), { query: { perPage: 50 } }),
  async resendWebhookDelivery(projectId, webhookId, deliveryId) {
    await apiRequest(`${deliveriesPath(projectId, webhookId)}/${deliveryId}/resend`, {
      method: 'POST',
    });
  },
  async updateProjectLimits(projectId, limits) {
    await apiRequest(`${projectPath(projectId)}/limits`, { method: 'PUT', body: limits });
  },
};
