// The billing calls of issue 10 (plans, checkout, the subscription, invoices), typed once for the
// checkout and billing screens.
import { API_BASE } from '../../shared/constants';
import type { ItemResponse, ListResponse } from '../../shared/schemas/common';
import type {
  ActivateInput,
  Activation,
  BillingOverview,
  Invoice,
  Plan,
} from '../../shared/schemas/billing';
import { apiRequest } from '../providers/http';

const customerPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;

export const billingKeys = {
  plans: ['plans'] as const,
  overview: (customerId: string) => ['customers', 'billing', customerId] as const,
  invoices: (customerId: string) => ['customers', 'invoices', customerId] as const,
};

export const billingApi = {
  async plans(): Promise<Plan[]> {
    return (await apiRequest<ListResponse<Plan>>('/plans')).json.data;
  },
  async activate(order: ActivateInput): Promise<Activation> {
    const { json } = await apiRequest<ItemResponse<Activation>>('/register/activate', {
      method: 'POST',
      body: order,
    });
    return json.data;
  },
  async overview(customerId: string): Promise<BillingOverview> {
    return (await apiRequest<ItemResponse<BillingOverview>>(`${customerPath(customerId)}/billing`))
      .json.data;
  },
  async activateDirectly(
    customerId: string,
    order: { planId: string; billingPeriod: 'month' | 'year' },
  ): Promise<BillingOverview> {
    const { json } = await apiRequest<ItemResponse<BillingOverview>>(
      `${customerPath(customerId)}/subscription`,
      { method: 'POST', body: order },
    );
    return json.data;
  },
  async setCancel(customerId: string, cancel: boolean): Promise<BillingOverview> {
    const action = cancel ? 'cancel' : 'reactivate';
    const { json } = await apiRequest<ItemResponse<BillingOverview>>(
      `${customerPath(customerId)}/subscription/${action}`,
      { method: 'POST' },
    );
    return json.data;
  },
  async portalUrl(customerId: string): Promise<string | null> {
    const { json } = await apiRequest<ItemResponse<{ url: string | null }>>(
      `${customerPath(customerId)}/subscription/portal`,
      { method: 'POST' },
    );
    return json.data.url;
  },
  async invoices(customerId: string): Promise<Invoice[]> {
    return (await apiRequest<ListResponse<Invoice>>(`${customerPath(customerId)}/invoices`)).json
      .data;
  },
  async markPaid(customerId: string, invoiceId: string): Promise<Invoice> {
    const { json } = await apiRequest<ItemResponse<Invoice>>(
      `${customerPath(customerId)}/invoices/${encodeURIComponent(invoiceId)}/paid`,
      { method: 'POST' },
    );
    return json.data;
  },
};

/** The PDF opens in the browser straight from the API (the session cookie goes along). */
export const invoicePdfUrl = (customerId: string, invoiceId: string) =>
  `${API_BASE}${customerPath(customerId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;
