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

/**
 * AdminContext and CoreAdminUI each read only their own props, so both get all of them; on top of
 * react-admin's defaults, the error screens load on demand and there is no auth callback page.
 */
export function LightAdmin({ notification: Notification, children, ...props }: LightAdminProps) {
  return (
    <AdminContext {...props}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          authCallbackPage={false}
          error={ErrorOnDemand}
          authenticationError={AuthenticationErrorOnDemand}
          {...props}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
