// The dataProvider's calls for a customer and the signed-in user that are not react-admin CRUD
// (docs/api.md "Billing", "Users", "Two-step sign-in"): plans, checkout, the subscription and
// invoices (issue 10), the accounts and invitations screens (issue 9), two-step sign-in and the
// usage forecast. Kept apart from dataProvider.ts, which spreads them in.
import { API_BASE } from '../../shared/constants';
import type { Role } from '../../shared/enums';
import type { ListResponse } from '../../shared/schemas/common';
import type {
  ActivateInput,
  Activation,
  BillingOverview,
  Invoice,
  Plan,
} from '../../shared/schemas/billing';
import type { Account, Invitation, InvitationInput, Seats } from '../../shared/schemas/invitation';
import type { UsageForecast } from '../../shared/schemas/limits';
import type {
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorSetup,
  TwoFactorState,
} from '../../shared/schemas/twoFactor';
import { apiData, apiRequest } from './http';

/** A users screen's rows with the plan's seats (accounts plus open invitations). */
export interface PeopleList<T> {
  data: T[];
  meta: { total: number; seats: Seats };
}

const customerPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;
const BY_NAME = { perPage: 500, sort: 'name', order: 'ASC' };

const post = <T>(path: string, body?: unknown) => apiData<T>(path, { method: 'POST', body });
async function send(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) {
  await apiRequest(path, { method, body });
}

export interface AccountMethods {
  getPlans(): Promise<Plan[]>;
  activatePlan(order: ActivateInput): Promise<Activation>;
  getBilling(customerId: string): Promise<BillingOverview>;
  activateSubscription(
    customerId: string,
    order: { planId: string; billingPeriod: 'month' | 'year' },
  ): Promise<BillingOverview>;
  /** Cancels at the end of the period, or takes the cancellation back. */
  setSubscriptionCancel(customerId: string, cancel: boolean): Promise<BillingOverview>;
  getBillingPortalUrl(customerId: string): Promise<string | null>;
  getInvoices(customerId: string): Promise<Invoice[]>;
  markInvoicePaid(customerId: string, invoiceId: string): Promise<Invoice>;
  getUsageForecast(customerId: string): Promise<UsageForecast>;

  getAccounts(customerId: string): Promise<PeopleList<Account>>;
  getCustomerProjects(customerId: string): Promise<{ id: string; name: string }[]>;
  setUserRole(userId: string, role: Role): Promise<void>;
  setUserActive(userId: string, active: boolean): Promise<void>;
  setUserProjects(userId: string, projectIds: string[]): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  getInvitations(customerId: string): Promise<PeopleList<Invitation>>;
  invite(customerId: string, input: InvitationInput): Promise<void>;
  resendInvitation(customerId: string, id: string): Promise<void>;
  revokeInvitation(customerId: string, id: string): Promise<void>;

  getTwoFactor(): Promise<TwoFactorState>;
  startTwoFactor(): Promise<TwoFactorSetup>;
  confirmTwoFactor(input: TwoFactorConfirmInput): Promise<{ recoveryCodes: string[] }>;
  disableTwoFactor(input: TwoFactorDisableInput): Promise<void>;
  /** A customer admin requires (or stops requiring) two-step sign-in of every account. */
  setCustomerTwoFactor(customerId: string, required: boolean): Promise<void>;
}

export const accountMethods: AccountMethods = {
  async getPlans() {
    return (await apiRequest<ListResponse<Plan>>('/plans')).json.data;
  },
  activatePlan: (order) => post('/register/activate', order),
  getBilling: (customerId) => apiData(`${customerPath(customerId)}/billing`),
  activateSubscription: (customerId, order) =>
    post(`${customerPath(customerId)}/subscription`, order),
  setSubscriptionCancel: (customerId, cancel) =>
    post(`${customerPath(customerId)}/subscription/${cancel ? 'cancel' : 'reactivate'}`),
  async getBillingPortalUrl(customerId) {
    return (await post<{ url: string | null }>(`${customerPath(customerId)}/subscription/portal`))
      .url;
  },
  async getInvoices(customerId) {
    return (await apiRequest<ListResponse<Invoice>>(`${customerPath(customerId)}/invoices`)).json
      .data;
  },
  markInvoicePaid: (customerId, invoiceId) =>
    post(`${customerPath(customerId)}/invoices/${encodeURIComponent(invoiceId)}/paid`),
  getUsageForecast: (customerId) => apiData(`${customerPath(customerId)}/usage-forecast`),

  async getAccounts(customerId) {
    return (
      await apiRequest<PeopleList<Account>>(`${customerPath(customerId)}/accounts`, {
        query: BY_NAME,
      })
    ).json;
  },
  async getCustomerProjects(customerId) {
    return (
      await apiRequest<ListResponse<{ id: string; name: string }>>(
        `${customerPath(customerId)}/projects`,
        { query: BY_NAME },
      )
    ).json.data;
  },
  setUserRole: (userId, role) => send(`/users/${userId}`, 'PUT', { role }),
  setUserActive: (userId, active) =>
    send(`/users/${userId}/${active ? 'activate' : 'deactivate'}`, 'POST'),
  setUserProjects: (userId, projectIds) => send(`/users/${userId}/projects`, 'PUT', { projectIds }),
  deleteUser: (userId) => send(`/users/${userId}`, 'DELETE'),
  async getInvitations(customerId) {
    return (await apiRequest<PeopleList<Invitation>>(`${customerPath(customerId)}/invites`)).json;
  },
  invite: (customerId, input) => send(`${customerPath(customerId)}/invites`, 'POST', input),
  resendInvitation: (customerId, id) =>
    send(`${customerPath(customerId)}/invites/${id}/resend`, 'POST'),
  revokeInvitation: (customerId, id) => send(`${customerPath(customerId)}/invites/${id}`, 'DELETE'),

  getTwoFactor: () => apiData('/self/two-factor'),
  startTwoFactor: () => post('/self/two-factor'),
  confirmTwoFactor: (input) => post('/self/two-factor/confirm', input),
  disableTwoFactor: (input) => send('/self/two-factor', 'DELETE', input),
  setCustomerTwoFactor: (customerId, required) =>
    send(`${customerPath(customerId)}/two-factor`, 'PUT', { required }),
};

/** The PDF opens in the browser straight from the API (the session cookie goes along). */
export const invoicePdfUrl = (customerId: string, invoiceId: string) =>
  `${API_BASE}${customerPath(customerId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;
