// Entry point: load the initial locale first (polyglot needs it synchronously), then render.
// react-admin would create a hash router; SPEC §2 wants history mode, so we give it a browser
// (data) router, which also keeps react-admin's useBlocker working.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { createI18nProvider } from './providers/i18nProvider';
import { disableBrowserValidation } from './common/noBrowserValidation';

async function start() {
  const i18nProvider = await createI18nProvider();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  disableBrowserValidation(root);
  const router = createBrowserRouter([{ path: '*', element: <App i18nProvider={i18nProvider} /> }]);
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
