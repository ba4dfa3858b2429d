// Renders dashboard parts inside react-admin's AdminContext with a fake auth provider per role,
// our real English catalogue, and a memory router at the given path.
import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import {
  AdminContext,
  memoryStore,
  type AuthProvider,
  type DataProvider,
  type TranslationMessages,
} from 'react-admin';
import { permissionsOf } from '../../src/shared/permissions';
import type { Role } from '../../src/shared/enums';
import en from '../../locales/en.json';
import { accountMethods } from '../../src/dashboard/providers/accountMethods';
import { authMethods } from '../../src/dashboard/providers/authMethods';
import { contentMethods } from '../../src/dashboard/providers/contentMethods';
import { projectMethods } from '../../src/dashboard/providers/projectMethods';
import { deepMerge } from '../../src/dashboard/providers/i18nProvider';
import { lightTheme } from '../../src/dashboard/themes';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

export const PROJECT_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QA';

export function fakeAuthProvider(role: Role): AuthProvider {
  const self = {
    id: '01HZY8Q4J8M7V0K2T3R5N6P7QB',
    fullName: `Test ${role}`,
    role,
    customerId: role === 'admin' ? null : '01HZY8Q4J8M7V0K2T3R5N6P7QC',
  };
  return {
    // The public pages' real calls (they reach the API through fetch, which a test stubs).
    ...authMethods,
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => self,
    getPermissions: async () => ({ role, permissionKeys: permissionsOf(role) }),
  };
}

export const i18nProvider = polyglotI18nProvider(
  () => deepMerge(englishMessages as unknown as Record<string, unknown>, en) as TranslationMessages,
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);

/** jsdom has no matchMedia; MUI's useMediaQuery needs one (desktop width, light preference). */
export function installMatchMedia(width = 1280): void {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (!max || width <= Number(max[1])) &&
      (!min || width >= Number(min[1])) &&
      !query.includes('dark');
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

const NON_CRUD = { ...contentMethods, ...accountMethods, ...projectMethods };

/** What react-admin answers without a dataProvider: no records. */
const NO_RECORDS: DataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: null as never }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  create: async () => ({ data: null as never }),
  update: async () => ({ data: null as never }),
  updateMany: async () => ({ data: [] }),
  delete: async () => ({ data: null as never }),
  deleteMany: async () => ({ data: [] }),
};

export function renderWithAdmin(
  ui: ReactNode,
  {
    role = 'user',
    path = `/projects/${PROJECT_ID}/start`,
    dataProvider,
  }: { role?: Role; path?: string; dataProvider?: DataProvider } = {},
) {
  installMatchMedia();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            authProvider={fakeAuthProvider(role)}
            // The real non-CRUD calls (they reach the API through fetch, which a test stubs).
            dataProvider={{ ...NON_CRUD, ...(dataProvider ?? NO_RECORDS) }}
            i18nProvider={i18nProvider}
            store={memoryStore()}
            theme={lightTheme}
          >
            {ui}
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}
