// One dataProvider for the whole dashboard: react-admin's CRUD calls mapped onto docs/api.md, plus
// the custom (non-CRUD) calls typed once in DashboardDataProvider.
import { PackProgress } from '../bulk/packProgress';
import type { ScanCheck } from '../../shared/scannability';
import type { Statistics } from '../../shared/statsAggregation';
import type {
  WhiteLabelHostname,
  WhiteLabelHostnameInput,
  WhiteLabelHostnameUpdate,
} from '../../shared/schemas/whiteLabel';
import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import type { ListResponse, ItemResponse } from '../../shared/schemas/common';
import type { LimitStatus } from '../../shared/rules';
import type { Self, SelfUpdateInput, PasswordChangeInput } from '../../shared/schemas/auth';
import type { PageAnalytics } from '../../shared/schemas/pageAnalytics';
import type { OnboardingSteps } from '../../shared/schemas/signup';
import type { CustomerLimits } from '../../shared/schemas/customer';
import type { UtmPreset } from '../../shared/utm';
import type { z } from 'zod';
import type { SimulateResult, simulateInputSchema } from '../../shared/schemas/rules';
import { projectIdFromPath } from '../navigation';
import { accountMethods, type AccountMethods } from './accountMethods';
import { contentMethods, type ContentMethods } from './contentMethods';
import { projectMethods, type ProjectMethods } from './projectMethods';
import { apiRequest } from './http';

/** Resources that live under /projects/{pid}/… (DESIGN: the API's resource paths). */
export const PROJECT_SCOPED_RESOURCES = [
  'actions',
  'qr-codes',
  'short-links',
  'trash',
  'labels',
  'advertisements',
  'themes',
  'qr-code-templates',
  'project-users',
  'api-keys',
  'webhooks',
] as const;

type Meta = Record<string, unknown> | undefined;

function metaString(meta: Meta, key: string): string | undefined {
  const value = meta?.[key];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The collection path of a resource. Nested lists are chosen by meta: users of a customer
 * (meta.customerId), projects of a user or customer, and project-scoped resources
 * (meta.projectId, or the :pid of the current route).
 */
export function collectionPath(resource: string, meta?: Meta): string {
  if ((PROJECT_SCOPED_RESOURCES as readonly string[]).includes(resource)) {
    const pid = metaString(meta, 'projectId') ?? projectIdFromPath(window.location.pathname);
    if (!pid) throw new Error(`No project selected for ${resource}`);
    const child = resource === 'project-users' ? 'users' : resource;
    return `/projects/${pid}/${child}`;
  }
  if (resource === 'users') {
    const customerId = metaString(meta, 'customerId');
    return customerId ? `/customers/${customerId}/users` : '/users';
  }
  if (resource === 'projects') {
    const userId = metaString(meta, 'userId');
    if (userId) return `/users/${userId}/projects`;
    const customerId = metaString(meta, 'customerId');
    if (customerId) return `/customers/${customerId}/projects`;
  }
  return `/${resource}`;
}

function itemPath(resource: string, id: Identifier, meta?: Meta): string {
  // Nested lists (a customer's users, a user's projects) are read and written at the top level.
  const base =
    resource === 'users' || resource === 'projects'
      ? `/${resource}`
      : collectionPath(resource, meta);
  return `${base}/${encodeURIComponent(String(id))}`;
}

function listQuery(params: Partial<GetListParams>): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.perPage = params.pagination.perPage;
  }
  if (params.sort?.field) {
    query.sort = params.sort.field;
    query.order = params.sort.order;
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = typeof value === 'number' ? value : String(value);
  }
  return query;
}

export interface ProjectUserLink {
  id: string;
  canManage: boolean;
}
export interface TrialProgress {
  trialEndAt: string | null;
  done: boolean;
  /** The onboarding checklist's steps (issue 9, part 4). */
  steps?: OnboardingSteps;
}

/** The calls that are not CRUD (STYLE: one dataProvider with custom methods, typed once). */
export interface StatisticsParams {
  projectId: string;
  itemId?: string;
  /** ISO instant or YYYY-MM-DD (a whole day in the project's time zone). */
  from: string;
  to: string;
}

export interface DashboardDataProvider
  extends DataProvider, ContentMethods, AccountMethods, ProjectMethods {
  duplicate: (
    resource: string,
    params: { id: Identifier; meta?: Meta },
  ) => Promise<{ data: RaRecord }>;
  trash: (
    resource: string,
    params: { id: Identifier; meta?: Meta },
  ) => Promise<{ data: { id: Identifier } }>;
  hardDelete: (
    resource: string,
    params: { id: Identifier; meta?: Meta },
  ) => Promise<{ data: { id: Identifier } }>;
  getStatus: (
    resource: 'projects' | 'customers',
    params: { id: Identifier },
  ) => Promise<{ data: LimitStatus }>;
  linkProjectUser: (projectId: Identifier, link: ProjectUserLink) => Promise<void>;
  updateProjectUser: (projectId: Identifier, link: ProjectUserLink) => Promise<void>;
  unlinkProjectUser: (projectId: Identifier, userId: Identifier) => Promise<void>;
  getProgress: () => Promise<{ data: TrialProgress }>;
  updateCustomerLimits: (
    customerId: Identifier,
    limits: CustomerLimits,
  ) => Promise<{ data: RaRecord }>;
  updateSelf: (data: SelfUpdateInput) => Promise<{ data: Self }>;
  changePassword: (data: PasswordChangeInput) => Promise<void>;
  /** Where page views go (public: the login page reports too). */
  /** GET /analytics/timeseries: a project's or item's statistics for a range. */
  getStatistics: (params: StatisticsParams) => Promise<{ data: Statistics }>;
  /** GET /analytics/live: counted scans per minute of the last 15 minutes. */
  getLiveScans: (projectId: string) => Promise<{ data: { minute: string; scans: number }[] }>;
  getPageAnalyticsTracker: () => Promise<{ data: PageAnalytics }>;
  getPageAnalytics: () => Promise<{ data: PageAnalytics }>;
  savePageAnalytics: (settings: PageAnalytics) => Promise<{ data: PageAnalytics }>;
  getWhiteLabelHostnames: (customerId: string) => Promise<{ data: WhiteLabelHostname[] }>;
  addWhiteLabelHostname: (
    customerId: string,
    input: WhiteLabelHostnameInput,
  ) => Promise<{ data: WhiteLabelHostname }>;
  updateWhiteLabelHostname: (
    customerId: string,
    id: string,
    input: WhiteLabelHostnameUpdate,
  ) => Promise<{ data: WhiteLabelHostname }>;
  verifyWhiteLabelHostname: (
    customerId: string,
    id: string,
  ) => Promise<{ data: WhiteLabelHostname }>;
  deleteWhiteLabelHostname: (customerId: string, id: string) => Promise<void>;
  /** A QR code's print file drawn on the server (refused with qr_not_scannable unless forced). */
  downloadQrCode: (projectId: string, id: string, query: QrDownloadQuery) => Promise<Blob>;
  /** The print pack ZIP of these QR codes; `onProgress` counts finished codes as it streams. */
  printPack: (
    projectId: string,
    ids: readonly string[],
    settings: Omit<QrDownloadQuery, 'format'>,
    onProgress?: (done: number, total: number) => void,
  ) => Promise<Blob>;
  /** The scannability gate's verdict for a stored QR code printed `size` mm wide. */
  checkQrCode: (projectId: string, id: string, size: number) => Promise<{ data: ScanCheck }>;
  /** A short link's QR code as a print file, through the same gate as a QR code's. */
  downloadShortLink: (projectId: string, id: string, query: QrDownloadQuery) => Promise<Blob>;
  /** The scannability gate's verdict for a short link's QR code printed `size` mm wide. */
  checkShortLink: (projectId: string, id: string, size: number) => Promise<{ data: ScanCheck }>;
  /** GET /projects/{pid}/utm-presets: the project's named UTM presets. */
  getUtmPresets: (projectId: string) => Promise<{ data: UtmPreset[] }>;
  /** PUT /projects/{pid}/utm-presets: replaces the whole list. */
  saveUtmPresets: (projectId: string, presets: UtmPreset[]) => Promise<{ data: UtmPreset[] }>;
  /** POST /projects/{pid}/actions/{id}/simulate: what a scan with these traits would get. */
  simulateAction: (
    projectId: string,
    id: string,
    input: SimulationInput,
  ) => Promise<{ data: SimulationResult }>;
}

/** A made-up scan for the rule simulator (issue 16), as the shared schema takes it. */
export type SimulationInput = z.input<typeof simulateInputSchema>;
export type SimulationResult = SimulateResult;

export interface QrDownloadQuery {
  format: 'png' | 'svg' | 'pdf' | 'eps';
  size: number;
  dpi?: number;
  bleed?: boolean;
  cmyk?: boolean;
  force?: boolean;
}

const qrCodePath = (projectId: string, id: string) =>
  `/projects/${encodeURIComponent(projectId)}/qr-codes/${encodeURIComponent(id)}`;
const shortLinkPath = (projectId: string, id: string) =>
  `/projects/${encodeURIComponent(projectId)}/short-links/${encodeURIComponent(id)}`;

/** GET {item}/download: a QR code's or a short link's print file, drawn and gated on the server. */
async function downloadPrintFile(
  item: string,
  { format, size, dpi, bleed, cmyk, force }: QrDownloadQuery,
): Promise<Blob> {
  const { json } = await apiRequest<Blob>(`${item}/download`, {
    blob: true,
    query: {
      format,
      size,
      dpi,
      bleed: bleed ? 'true' : undefined,
      cmyk: cmyk ? 'true' : undefined,
      force: force ? 'true' : undefined,
    },
  });
  return json;
}

/** GET {item}/scan-check: the gate's verdict at the print size. */
async function scanCheckOf(item: string, size: number): Promise<{ data: ScanCheck }> {
  const { json } = await apiRequest<{ data: ScanCheck }>(`${item}/scan-check`, {
    query: { size },
  });
  return { data: json.data };
}

export const dataProvider: DashboardDataProvider = {
  ...contentMethods,
  ...accountMethods,
  ...projectMethods,
  downloadQrCode: (projectId, id, query) => downloadPrintFile(qrCodePath(projectId, id), query),
  downloadShortLink: (projectId, id, query) =>
    downloadPrintFile(shortLinkPath(projectId, id), query),
  async printPack(projectId, ids, { size, dpi, bleed, cmyk, force }, onProgress) {
    const counter = new PackProgress();
    const { json } = await apiRequest<Blob>(
      `/projects/${encodeURIComponent(projectId)}/qr-codes/print-pack`,
      {
        blob: true,
        query: {
          ids: ids.join(','),
          size,
          dpi,
          bleed: bleed ? 'true' : undefined,
          cmyk: cmyk ? 'true' : undefined,
          force: force ? 'true' : undefined,
        },
        onChunk: (chunk, headers) =>
          onProgress?.(
            counter.feed(chunk),
            Number(headers.get('x-print-pack-total') ?? ids.length),
          ),
      },
    );
    return json;
  },
  checkQrCode: (projectId, id, size) => scanCheckOf(qrCodePath(projectId, id), size),
  checkShortLink: (projectId, id, size) => scanCheckOf(shortLinkPath(projectId, id), size),
  async getList<R extends RaRecord = RaRecord>(resource: string, params: GetListParams) {
    const { json } = await apiRequest<ListResponse<R>>(collectionPath(resource, params.meta), {
      query: listQuery(params),
    });
    return { data: json.data, total: json.meta?.total ?? json.data.length };
  },
  async getOne<R extends RaRecord = RaRecord>(resource: string, params: GetOneParams) {
    const { json } = await apiRequest<ItemResponse<R>>(itemPath(resource, params.id, params.meta));
    return { data: json.data };
  },
  async getMany<R extends RaRecord = RaRecord>(resource: string, params: GetManyParams) {
    // The API has no batch read; ids come from one screen, so they are few.
    const data = await Promise.all(
      params.ids.map(
        async (id) => (await dataProvider.getOne<R>(resource, { id, meta: params.meta })).data,
      ),
    );
    return { data };
  },
  async getManyReference<R extends RaRecord = RaRecord>(
    resource: string,
    params: GetManyReferenceParams,
  ) {
    const result = await dataProvider.getList<R>(resource, {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    });
    return { data: result.data, total: result.total ?? result.data.length };
  },
  async create<
    T extends Omit<RaRecord, 'id'> = Omit<RaRecord, 'id'>,
    R extends RaRecord = T & { id: Identifier },
  >(resource: string, params: CreateParams<T>) {
    const customerId = metaString(params.meta, 'customerId');
    const path =
      resource === 'users' && customerId
        ? `/customers/${customerId}/users`
        : collectionPath(resource, params.meta);
    const { json } = await apiRequest<ItemResponse<R>>(path, { method: 'POST', body: params.data });
    return { data: json.data };
  },
  async update<R extends RaRecord = RaRecord>(resource: string, params: UpdateParams) {
    const { json } = await apiRequest<ItemResponse<R>>(itemPath(resource, params.id, params.meta), {
      method: 'PUT',
      body: params.data,
    });
    return { data: json.data };
  },
  async updateMany(resource: string, params: UpdateManyParams) {
    await Promise.all(
      params.ids.map((id) =>
        dataProvider.update(resource, {
          id,
          data: params.data,
          previousData: {} as RaRecord,
          meta: params.meta,
        }),
      ),
    );
    return { data: params.ids };
  },
  async delete<R extends RaRecord = RaRecord>(resource: string, params: DeleteParams<R>) {
    await apiRequest(itemPath(resource, params.id, params.meta), { method: 'DELETE' });
    // The API answers 204; react-admin wants the deleted record back.
    return { data: (params.previousData ?? { id: params.id }) as R };
  },
  async deleteMany(resource: string, params: DeleteManyParams) {
    await Promise.all(
      params.ids.map((id) => apiRequest(itemPath(resource, id, params.meta), { method: 'DELETE' })),
    );
    return { data: params.ids };
  },

  async duplicate(resource, { id, meta }) {
    const { json } = await apiRequest<ItemResponse<RaRecord>>(
      `${itemPath(resource, id, meta)}/duplicate`,
      { method: 'POST' },
    );
    return { data: json.data };
  },
  async trash(resource, { id, meta }) {
    await apiRequest(`${itemPath(resource, id, meta)}/trash`, { method: 'DELETE' });
    return { data: { id } };
  },
  async hardDelete(resource, { id, meta }) {
    await apiRequest(itemPath(resource, id, meta), { method: 'DELETE' });
    return { data: { id } };
  },
  async getStatus(resource, { id }) {
    const { json } = await apiRequest<ItemResponse<LimitStatus>>(
      `/${resource}/${encodeURIComponent(String(id))}/status`,
    );
    return { data: json.data };
  },
  async linkProjectUser(projectId, link) {
    await apiRequest(`/projects/${projectId}/users`, { method: 'POST', body: link });
  },
  async updateProjectUser(projectId, link) {
    await apiRequest(`/projects/${projectId}/users`, { method: 'PUT', body: link });
  },
  async unlinkProjectUser(projectId, userId) {
    await apiRequest(`/projects/${projectId}/users`, { method: 'DELETE', body: { id: userId } });
  },
  async getUtmPresets(projectId) {
    const { json } = await apiRequest<{ data: UtmPreset[] }>(
      `/projects/${encodeURIComponent(projectId)}/utm-presets`,
    );
    return { data: json.data };
  },
  async saveUtmPresets(projectId, presets) {
    const { json } = await apiRequest<{ data: UtmPreset[] }>(
      `/projects/${encodeURIComponent(projectId)}/utm-presets`,
      { method: 'PUT', body: { presets } },
    );
    return { data: json.data };
  },
  async simulateAction(projectId, id, input) {
    const { json } = await apiRequest<{ data: SimulationResult }>(
      `/projects/${encodeURIComponent(projectId)}/actions/${encodeURIComponent(id)}/simulate`,
      { method: 'POST', body: input },
    );
    return { data: json.data };
  },
  async getProgress() {
    const { json } = await apiRequest<ItemResponse<TrialProgress>>('/register/progress');
    return { data: json.data };
  },
  async updateCustomerLimits(customerId, limits) {
    const { json } = await apiRequest<ItemResponse<RaRecord>>(`/customers/${customerId}/limits`, {
      method: 'PUT',
      body: limits,
    });
    return { data: json.data };
  },
  async updateSelf(data) {
    const { json } = await apiRequest<ItemResponse<Self>>('/self', { method: 'PUT', body: data });
    return { data: json.data };
  },
  async changePassword(data) {
    await apiRequest('/self/password', { method: 'PUT', body: data });
  },
  async getStatistics(params) {
    const { json } = await apiRequest<Statistics>('/analytics/timeseries', {
      query: {
        projectId: params.projectId,
        itemId: params.itemId,
        from: params.from,
        to: params.to,
      },
    });
    return { data: json };
  },
  async getLiveScans(projectId) {
    const { json } = await apiRequest<{ data: { minute: string; scans: number }[] }>(
      '/analytics/live',
      { query: { projectId } },
    );
    return { data: json.data };
  },
  async getPageAnalyticsTracker() {
    const { json } = await apiRequest<ItemResponse<PageAnalytics>>('/settings/analytics/tracker');
    return { data: json.data };
  },
  async getPageAnalytics() {
    const { json } = await apiRequest<ItemResponse<PageAnalytics>>('/settings/analytics');
    return { data: json.data };
  },
  async savePageAnalytics(settings) {
    const { json } = await apiRequest<ItemResponse<PageAnalytics>>('/settings/analytics', {
      method: 'PUT',
      body: settings,
    });
    return { data: json.data };
  },
  async getWhiteLabelHostnames(customerId) {
    const { json } = await apiRequest<{ data: WhiteLabelHostname[] }>(whiteLabelPath(customerId));
    return { data: json.data };
  },
  async addWhiteLabelHostname(customerId, input) {
    const { json } = await apiRequest<ItemResponse<WhiteLabelHostname>>(
      whiteLabelPath(customerId),
      { method: 'POST', body: input },
    );
    return { data: json.data };
  },
  async updateWhiteLabelHostname(customerId, id, input) {
    const { json } = await apiRequest<ItemResponse<WhiteLabelHostname>>(
      whiteLabelPath(customerId, id),
      { method: 'PUT', body: input },
    );
    return { data: json.data };
  },
  async verifyWhiteLabelHostname(customerId, id) {
    const { json } = await apiRequest<ItemResponse<WhiteLabelHostname>>(
      `${whiteLabelPath(customerId, id)}/verify`,
      { method: 'POST' },
    );
    return { data: json.data };
  },
  async deleteWhiteLabelHostname(customerId, id) {
    await apiRequest(whiteLabelPath(customerId, id), { method: 'DELETE' });
  },
};

function whiteLabelPath(customerId: string, id?: string): string {
  const base = `/customers/${encodeURIComponent(customerId)}/white-label-hostnames`;
  return id ? `${base}/${encodeURIComponent(id)}` : base;
}
