// LightAdmin hands each prop to the part of react-admin that reads it: the providers to the
// context, the screens to the UI, and shows our notification beside the routes.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route } from 'react-router-dom';
import { CustomRoutes, memoryStore, useTranslate, type DataProvider } from 'react-admin';
import { LightAdmin } from '../../../src/dashboard/layout/LightAdmin';
import { fakeAuthProvider, i18nProvider } from '../helpers';

function Greeting() {
  const translate = useTranslate();
  return <p>{translate('app.login.title')}</p>;
}

describe('LightAdmin', () => {
  it('renders a public route with our catalogue, and the notification slot', async () => {
    render(
      <MemoryRouter initialEntries={['/hello']}>
        <LightAdmin
          title="QR Hub"
          dataProvider={{} as DataProvider}
          authProvider={fakeAuthProvider('user')}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          loginPage={false}
          notification={() => <div data-testid="notification-slot" />}
          requireAuth
          disableTelemetry
        >
          <CustomRoutes noLayout>
            <Route path="/hello" element={<Greeting />} />
          </CustomRoutes>
        </LightAdmin>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Log in')).toBeTruthy();
    expect(screen.getByTestId('notification-slot')).toBeTruthy();
  });
});
