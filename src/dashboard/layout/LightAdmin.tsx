// react-admin's <Admin> imports its default screens (login form, navigated layout, error pages)
// and its English catalogue, so they ride on /login even though we replace them. This is the
// same composition, AdminContext around ra-core's CoreAdminUI, with our screens, and react-admin's
// error screens loaded only when one shows (issue 13, part 9).
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  CoreAdminUI,
  type AdminContextProps,
  type CoreAdminUIProps,
} from 'react-admin';

const AdminError = lazy(async () => ({
  default: (await import('./adminErrorScreens')).AdminError,
}));
const AuthenticationErrorScreen = lazy(async () => ({
  default: (await import('./adminErrorScreens')).AuthenticationError,
}));

function ErrorOnDemand(props: ComponentProps<typeof AdminError>) {
  return (
    <Suspense fallback={null}>
      <AdminError {...props} />
    </Suspense>
  );
}

function AuthenticationErrorOnDemand() {
  return (
    <Suspense fallback={null}>
      <AuthenticationErrorScreen />
    </Suspense>
  );
}

type LightAdminProps = AdminContextProps & CoreAdminUIProps & { notification: ComponentType };

export function LightAdmin({
  accessDenied,
  authCallbackPage = false,
  catchAll,
  children,
  dashboard,
  disableTelemetry,
  error = ErrorOnDemand,
  authenticationError = AuthenticationErrorOnDemand,
  layout,
  loading,
  loginPage,
  notification: Notification,
  ready,
  requireAuth,
  title,
  ...context
}: LightAdminProps) {
  return (
    <AdminContext {...context}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={accessDenied}
          authCallbackPage={authCallbackPage}
          authenticationError={authenticationError}
          catchAll={catchAll}
          dashboard={dashboard}
          disableTelemetry={disableTelemetry}
          error={error}
          layout={layout}
          loading={loading}
          loginPage={loginPage}
          ready={ready}
          requireAuth={requireAuth}
          title={title}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
