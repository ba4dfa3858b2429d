// Session auth against the API (docs/api.md, Auth and self); the permission rules come from the
// shared role table, so the menu, canAccess and the server agree.
import { useAuthProvider, type AuthProvider, type UserIdentity } from 'react-admin';
import type { Self } from '../../shared/schemas/auth';
import type { ItemResponse } from '../../shared/schemas/common';
import type { Role } from '../../shared/enums';
import type { PermissionKey } from '../../shared/permissions';
import { currentPath, isPublicPath, loginUrlWithReturn, safeReturnTo } from '../navigation';
import { canAccessResource } from '../access';
import { startPathAfterSignIn } from '../lastProject';
import { applyLoginLanguage } from '../loginLanguage';
import { authMethods, type AuthMethods } from './authMethods';
import { apiRequest, clearIdentityCache, onIdentityCacheClear } from './http';

export interface DashboardPermissions {
  role: Role;
  permissionKeys: PermissionKey[];
}

export type LoginParams =
  { email: string; password: string } | { code: string } | { recoveryCode: string };

/** The password was right; the account asks for a code next. */
export class TwoFactorRequired extends Error {
  readonly code = 'two_factor_required';
  constructor() {
    super('two_factor_required');
    this.name = 'TwoFactorRequired';
  }
}

let selfPromise: Promise<Self> | null = null;
onIdentityCacheClear(() => {
  selfPromise = null;
});

type SelfListener = (self: Self | null) => void;
const selfListeners = new Set<SelfListener>();
/** Lets the i18nProvider follow the user's saved language. */
export function onSelfChange(fn: SelfListener): () => void {
  selfListeners.add(fn);
  return () => selfListeners.delete(fn);
}

/** GET /self, cached unless forced (SPEC §7); a failure is logged and rethrown (SPEC §8). */
export function getSelf(force = false): Promise<Self> {
  if (!selfPromise || force) {
    const request = apiRequest<ItemResponse<Self>>('/self', { skipAuthRedirect: true })
      .then(({ json }) => {
        selfListeners.forEach((fn) => fn(json.data));
        return json.data;
      })
      .catch((error: unknown) => {
        if (selfPromise === request) selfPromise = null;
        throw error;
      });
    selfPromise = request;
  }
  return selfPromise;
}

/** The signed-in user as far as this tab already knows, without asking the API (public pages). */
export function knownSelf(): Promise<Self> | null {
  return selfPromise;
}

export function setSelf(self: Self): void {
  selfPromise = Promise.resolve(self);
  selfListeners.forEach((fn) => fn(self));
}

function hasStatus(error: unknown): error is { status: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** react-admin's AuthProvider with the calls of the public pages (providers/authMethods.ts). */
export type DashboardAuthProvider = AuthProvider & AuthMethods;

export const authProvider: DashboardAuthProvider = {
  ...authMethods,
  /**
   * The password step ({ email, password }) or the second step ({ code } or { recoveryCode }).
   * When the account asks for a second factor the password step throws TWO_FACTOR_REQUIRED, and
   * the login page asks for the code. A customer that requires two-step sign-in sends a user
   * without it to the Security page first.
   */
  async login(params: LoginParams) {
    const isSecondStep = 'code' in params || 'recoveryCode' in params;
    const { json } = await apiRequest<ItemResponse<Self | { twoFactorRequired: true }>>(
      isSecondStep ? '/login/two-factor' : '/login',
      { method: 'POST', body: params, skipAuthRedirect: true },
    );
    if ('twoFactorRequired' in json.data) throw new TwoFactorRequired();
    const self = await applyLoginLanguage(json.data);
    setSelf(self);
    if (self.twoFactor?.required && !self.twoFactor.enabled)
      return { redirectTo: '/settings/security' };
    const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get('return_to'));
    return { redirectTo: returnTo ?? (await startPathAfterSignIn(self)) };
  },

  /**
   * An explicit logout (user menu) goes to plain /login; react-admin also logs out when the session
   * check fails on a protected route, and then the user should come back here after logging in.
   */
  async logout(params?: { explicit?: boolean }) {
    const returnUrl = params?.explicit ? '/login' : loginUrlWithReturn(currentPath());
    try {
      const { json } = await apiRequest<{ logout_token: string }>('/self-service/logout/browser', {
        skipAuthRedirect: true,
      });
      await apiRequest('/self-service/logout', {
        method: 'POST',
        body: { logout_token: json.logout_token },
        skipAuthRedirect: true,
      });
    } catch {
      // No session (or it expired): there is nothing to end, the user goes to login anyway.
    }
    clearIdentityCache();
    selfListeners.forEach((fn) => fn(null));
    return returnUrl;
  },

  async checkAuth() {
    // react-admin checks the session on every route, public ones too; there the check waits until
    // the user leaves (NoNavLayout asks again), so public pages make no authenticated call.
    if (isPublicPath(window.location.pathname)) return;
    try {
      await getSelf();
    } catch (error) {
      throw { redirectTo: loginUrlWithReturn(currentPath()), message: false, cause: error };
    }
  },

  async checkError(error: unknown) {
    // 401 is handled in the http client (login with return_to); 403 and 422 pass to the caller.
    if (hasStatus(error) && error.status === 401) {
      throw { redirectTo: loginUrlWithReturn(currentPath()), message: false, logoutUser: false };
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const self = await getSelf();
    return { ...self, id: self.id, fullName: self.name };
  },

  async getPermissions(): Promise<DashboardPermissions | undefined> {
    // react-admin reads permissions on public pages too: none there until a session is known.
    if (isPublicPath(window.location.pathname) && !selfPromise) return undefined;
    const self = await getSelf();
    return { role: self.role, permissionKeys: self.permissionKeys };
  },

  async canAccess({ resource, action }) {
    try {
      const self = await getSelf();
      return canAccessResource(self.role, resource, action);
    } catch {
      return false;
    }
  },
};

/** The public pages' calls, through the app's authProvider (a test gives its own). */
export function useAuthCalls(): AuthMethods {
  return useAuthProvider<DashboardAuthProvider>() ?? authMethods;
}
