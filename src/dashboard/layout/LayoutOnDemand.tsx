// The navigated layout (menu, top bar, project selector, breadcrumbs) loads with the first screen
// behind the sign-in, so /login downloads none of it (issue 13, part 9).
import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingPage } from './LoadingPage';

const Layout = lazy(async () => ({ default: (await import('./Layout')).Layout }));

export function LayoutOnDemand({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <Layout>{children}</Layout>
    </Suspense>
  );
}
