// The authProvider's calls before and around sign-in that are not react-admin's own (docs/api.md,
// Auth and self): what this server allows, sign-up with its e-mail code, the first administrator,
// an invitation, a forgotten password, and what sign-in reads next (the saved language, the
// projects to start in). Kept apart from authProvider.ts, which spreads them in, so the public
// pages reach the API through the one authProvider as the screens do through the dataProvider.
import type { Self } from '../../shared/schemas/auth';
import type { ItemResponse, ListResponse } from '../../shared/schemas/common';
import type { InvitationPreview } from '../../shared/schemas/invitation';
import type { AuthOptions } from '../../shared/schemas/signup';
import { apiRequest } from './http';

/** A call made without a session: a 401 is the answer, not a reason to go to the login page. */
async function publicCall<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await apiRequest<ItemResponse<T>>(path, {
    method: body === undefined ? 'GET' : 'POST',
    body,
    skipAuthRedirect: true,
  });
  return json?.data;
}

export interface AuthMethods {
  /** GET /setup: whether the server waits for its first administrator and who may sign up. */
  getAuthOptions(): Promise<AuthOptions>;
  register(values: Record<string, unknown>): Promise<{ email: string }>;
  verifyRegistration(email: string, code: string): Promise<Self>;
  resendVerification(email: string): Promise<void>;
  createFirstAdmin(values: Record<string, unknown>): Promise<Self>;
  getInvitation(token: string): Promise<InvitationPreview>;
  acceptInvitation(token: string, values: Record<string, unknown>): Promise<Self>;
  forgetPassword(email: string): Promise<void>;
  recoverPassword(token: string, values: Record<string, unknown>): Promise<void>;
  /** Saves a language to the profile; answers the user as now saved. */
  saveLanguage(self: Self, language: string): Promise<Self>;
  /** Whether the signed-in user can still open this project (not trashed, unlinked or gone). */
  canOpenProject(projectId: string): Promise<boolean>;
  /** Up to two of the user's projects: enough to know whether there is only one. */
  firstProjects(): Promise<{ id: string }[]>;
}

const invitationPath = (token: string) => `/register/${encodeURIComponent(token)}`;

export const authMethods: AuthMethods = {
  getAuthOptions: () => publicCall<AuthOptions>('/setup'),
  register: (values) => publicCall<{ email: string }>('/register', values),
  verifyRegistration: (email, code) => publicCall<Self>('/register/verify', { email, code }),
  async resendVerification(email) {
    await publicCall('/register/verify/resend', { email });
  },
  createFirstAdmin: (values) => publicCall<Self>('/setup/first-admin', values),
  getInvitation: (token) => publicCall<InvitationPreview>(invitationPath(token)),
  acceptInvitation: (token, values) => publicCall<Self>(invitationPath(token), values),
  async forgetPassword(email) {
    await publicCall('/password/forget', { email });
  },
  async recoverPassword(token, values) {
    await publicCall('/recovery', { token, ...values });
  },
  async saveLanguage(self, language) {
    await apiRequest('/self', {
      method: 'PUT',
      body: { name: self.name, localization: { language } },
      skipAuthRedirect: true,
    });
    return publicCall<Self>('/self');
  },
  async canOpenProject(projectId) {
    try {
      await publicCall(`/projects/${encodeURIComponent(projectId)}`);
      return true;
    } catch {
      return false;
    }
  },
  async firstProjects() {
    const { json } = await apiRequest<ListResponse<{ id: string }>>('/projects', {
      query: { page: 1, perPage: 2 },
      skipAuthRedirect: true,
    });
    return json.data;
  },
};
