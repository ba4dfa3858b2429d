// Renders the Action editor's parts inside a react-admin form, the way create and edit do.
import type { ReactNode } from 'react';
import { ResourceContextProvider, SimpleForm, testDataProvider, type RaRecord } from 'react-admin';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { validateAction, toFormValues } from '../../../src/dashboard/actions/actionForm';
import type { DashboardDataProvider } from '../../../src/dashboard/providers/dataProvider';

/** Storage left: unlimited, unless a test says otherwise. */
export function storageDataProvider(projectStorageLeft = -1) {
  const usage = (storage: number) => ({
    qrCodes: 0,
    scans: 0,
    storage,
    users: 0,
    shortLinks: 0,
  });
  return testDataProvider({
    getOne: (async () => ({
      data: { id: PROJECT_ID, customerId: null },
    })) as DashboardDataProvider['getOne'],
    getStatus: async () => ({
      data: { used: usage(0), total: usage(projectStorageLeft) },
    }),
  } as Partial<DashboardDataProvider>);
}

export function renderInForm(ui: ReactNode, record: object, dataProvider = storageDataProvider()) {
  return renderWithAdmin(
    <ResourceContextProvider value="actions">
      <SimpleForm
        record={toFormValues(record as Record<string, unknown>) as RaRecord}
        validate={validateAction}
        mode="onChange"
        toolbar={false}
      >
        {ui}
      </SimpleForm>
    </ResourceContextProvider>,
    { path: `/projects/${PROJECT_ID}/qr-link/create`, dataProvider },
  );
}

export const ACTION_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QD';
export const MEDIA_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QE';
export const NEW_MEDIA_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QF';
