// The wizard's steps as a discriminated union: the reducer's rules, and the page driven through
// type → configuration → confirmation against a stand-in dataProvider.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { fakeAuthProvider, i18nProvider, installMatchMedia, PROJECT_ID } from '../helpers';
import { lightTheme } from '../../../src/dashboard/themes';
import {
  INITIAL_WIZARD_STATE,
  stepOf,
  wizardReducer,
  type WizardEvent,
  type WizardState,
} from '../../../src/dashboard/qr-codes/wizardState';
import { resetWizardStore } from '../../../src/dashboard/qr-codes/wizardStore';
import { QrCodeWizard } from '../../../src/dashboard/qr-codes/QrCodeCreate';
import type { QrCodeRecord } from '../../../src/dashboard/qr-codes/types';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode';

vi.mock('../../../src/dashboard/design/QrPreview', () => ({
  QrPreview: ({ testId = 'qr-preview', data }: { testId?: string; data: string }) => (
    <div data-testid={testId} data-text={data} />
  ),
}));
vi.mock('../../../src/dashboard/qr-codes/scanTest', () => ({
  testScan: async ({ text }: { text: string }) => ({ isOk: true, decoded: text, warnings: [] }),
}));

const ACTION_ID = '01HZY8Q4J8M7V0K2T3R5N6P7AA';
const QR_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QR';

const qrCode: QrCodeRecord = {
  id: QR_ID,
  projectId: PROJECT_ID,
  code: 'Ab3dE9xZ',
  scanUrl: 'http://localhost:3000/s/Ab3dE9xZ',
  name: 'Menu card',
  description: null,
  actionId: ACTION_ID,
  action: { id: ACTION_ID, name: 'Menu card', objectType: 'link' },
  templateId: null,
  design: DEFAULT_QR_DESIGN,
  scans: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  trashedAt: null,
};

const run = (events: WizardEvent[], from: WizardState = INITIAL_WIZARD_STATE) =>
  events.reduce(wizardReducer, from);

describe('wizardReducer', () => {
  it('walks type → configuration → confirmation through saving', () => {
    const chosen = run([{ type: 'choose', choice: { kind: 'new', objectType: 'link' } }]);
    expect(chosen).toEqual({ status: 'choosing', choice: { kind: 'new', objectType: 'link' } });
    expect(stepOf(chosen)).toBe('type');

    const configuring = wizardReducer(chosen, { type: 'next' });
    expect(configuring.status).toBe('configuring');
    expect(stepOf(configuring)).toBe('configuration');

    const saving = run([{ type: 'save' }], configuring);
    expect(saving).toMatchObject({ status: 'saving' });
    expect(stepOf(saving)).toBe('configuration');

    const done = wizardReducer(saving, { type: 'saved', qrCode });
    expect(done).toEqual({
      status: 'done',
      choice: { kind: 'new', objectType: 'link' },
      qrCode,
    });
    expect(stepOf(done)).toBe('confirmation');
  });

  it('does not go on without a choice, or with an existing Action not picked yet', () => {
    expect(wizardReducer(INITIAL_WIZARD_STATE, { type: 'next' })).toBe(INITIAL_WIZARD_STATE);
    const existing = run([{ type: 'choose', choice: { kind: 'existing', actionId: '' } }]);
    expect(wizardReducer(existing, { type: 'next' })).toBe(existing);
    const picked = run([{ type: 'choose', choice: { kind: 'existing', actionId: ACTION_ID } }]);
    expect(wizardReducer(picked, { type: 'next' }).status).toBe('configuring');
  });

  it('saves again after a failure, with nothing left over from the first try', () => {
    const failed = run([
      { type: 'choose', choice: { kind: 'new', objectType: 'link' } },
      { type: 'next' },
      { type: 'save' },
      { type: 'failed', error: new Error('limit') },
    ]);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(stepOf(failed)).toBe('configuration');
    expect(wizardReducer(failed, { type: 'save' })).toEqual({
      status: 'saving',
      choice: { kind: 'new', objectType: 'link' },
    });
  });

  it('ignores events that do not belong to the current step', () => {
    const saving = run([
      { type: 'choose', choice: { kind: 'none' } },
      { type: 'next' },
      { type: 'save' },
    ]);
    expect(wizardReducer(saving, { type: 'back' })).toBe(saving);
    expect(wizardReducer(saving, { type: 'save' })).toBe(saving);
    expect(wizardReducer(INITIAL_WIZARD_STATE, { type: 'saved', qrCode })).toBe(
      INITIAL_WIZARD_STATE,
    );
    const done = wizardReducer(saving, { type: 'saved', qrCode });
    expect(wizardReducer(done, { type: 'back' })).toBe(done);
    expect(wizardReducer(done, { type: 'restart' })).toEqual(INITIAL_WIZARD_STATE);
  });

  it('reopens step 3 from the QR code its URL names (a reload)', () => {
    expect(wizardReducer(INITIAL_WIZARD_STATE, { type: 'reopened', qrCode })).toEqual({
      status: 'done',
      choice: { kind: 'existing', actionId: ACTION_ID },
      qrCode,
    });
    const inactive = { ...qrCode, actionId: null, action: null };
    expect(wizardReducer(INITIAL_WIZARD_STATE, { type: 'reopened', qrCode: inactive })).toEqual({
      status: 'done',
      choice: { kind: 'none' },
      qrCode: inactive,
    });
  });
});

function fakeDataProvider() {
  const calls: { method: string; resource: string; params: unknown }[] = [];
  const provider = {
    getList: async (resource: string, params: unknown) => {
      calls.push({ method: 'getList', resource, params });
      return { data: [], total: 0 };
    },
    getOne: async () => ({ data: qrCode }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async (resource: string, params: { data: Record<string, unknown> }) => {
      calls.push({ method: 'create', resource, params });
      if (resource === 'actions') return { data: { id: ACTION_ID, ...params.data } };
      return { data: qrCode };
    },
    update: async () => ({ data: qrCode }),
    updateMany: async () => ({ data: [] }),
    delete: async () => ({ data: qrCode }),
    deleteMany: async () => ({ data: [] }),
    // The server's scannability gate (the wizard's last step runs it).
    checkQrCode: async (projectId: string, id: string, size: number) => {
      calls.push({ method: 'checkQrCode', resource: 'qr-codes', params: { projectId, id, size } });
      return {
        data: {
          ok: true,
          failures: [],
          decoded: qrCode.scanUrl,
          moduleMm: 1.08,
          maxDistanceCm: 29,
          moduleTooSmall: false,
        },
      };
    },
  } as unknown as DataProvider;
  return { provider, calls };
}

function renderWizard(dataProvider: DataProvider) {
  installMatchMedia();
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:pid/qr-code/create/*',
        element: (
          <AdminContext
            authProvider={fakeAuthProvider('user')}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            store={memoryStore()}
            theme={lightTheme}
          >
            <QrCodeWizard />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [`/projects/${PROJECT_ID}/qr-code/create`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** An input of the form by its source, as the Action editor names it. */
const field = (source: string) => {
  const input = document.querySelector<HTMLInputElement>(`[name="${source}"]`);
  if (!input) throw new Error(`no input ${source}`);
  return input;
};

describe('QrCodeWizard', () => {
  beforeEach(() => resetWizardStore());

  it('makes a QR code with a new link Action and ends on test and download', async () => {
    const { provider, calls } = fakeDataProvider();
    const router = renderWizard(provider);
    const wizard = () => screen.getByTestId('qr-wizard');

    // Step 1: choose type
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}/qr-code/create/type`),
    );
    expect(wizard().dataset.status).toBe('choosing');
    expect((screen.getByTestId('wizard-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('wizard-type-link'));
    fireEvent.click(screen.getByTestId('wizard-next'));

    // Step 2: set up
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/projects/${PROJECT_ID}/qr-code/create/configuration`,
      ),
    );
    expect(wizard().dataset.status).toBe('configuring');
    fireEvent.change(await screen.findByTestId('wizard-name'), { target: { value: 'Menu card' } });
    fireEvent.change(field('data.link'), {
      target: { value: 'https://example.com/menu' },
    });
    await screen.findByTestId('qr-designer', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('wizard-create'));

    // Step 3: test and download
    await waitFor(() => expect(wizard().dataset.status).toBe('done'));
    await waitFor(() =>
      // Step 3 names the QR code made, so a reload there shows it again.
      expect(router.state.location.pathname).toMatch(
        new RegExp(`^/projects/${PROJECT_ID}/qr-code/create/confirmation/[0-9A-Z]{26}$`),
      ),
    );
    const creates = calls.filter((call) => call.method === 'create');
    // One request: the QR code with its new Action inline.
    expect(creates.map((call) => call.resource)).toEqual(['qr-codes']);
    expect(creates[0].params).toMatchObject({
      data: {
        name: 'Menu card',
        actionId: null,
        action: {
          name: 'Menu card',
          objectType: 'link',
          data: { link: 'https://example.com/menu' },
        },
        design: DEFAULT_QR_DESIGN,
      },
      meta: { projectId: PROJECT_ID },
    });
    expect((await screen.findByTestId('qr-scan-url')).textContent).toBe(qrCode.scanUrl);
    expect(screen.getByTestId('qr-preview').dataset.text).toBe(qrCode.scanUrl);
    const result = await screen.findByTestId('qr-test-result');
    expect(result.dataset.ok).toBe('true');
    expect(calls.find((call) => call.method === 'checkQrCode')?.params).toEqual({
      projectId: PROJECT_ID,
      id: QR_ID,
      size: 40,
    });
    expect(screen.getByTestId('qr-print-module').textContent).toContain('1.08');
    for (const format of ['png', 'svg', 'pdf', 'eps']) {
      expect(screen.getByTestId(`qr-download-${format}`)).toBeTruthy();
    }
  });

  it('does not save while a required field is empty, and steps back to the type', async () => {
    const { provider, calls } = fakeDataProvider();
    const router = renderWizard(provider);
    fireEvent.click(await screen.findByTestId('wizard-type-email'));
    fireEvent.click(screen.getByTestId('wizard-next'));
    fireEvent.change(await screen.findByTestId('wizard-name'), { target: { value: 'Mail us' } });
    fireEvent.click(screen.getByTestId('wizard-create'));
    await waitFor(() => expect(field('data.address').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((call) => call.method === 'create')).toEqual([]);
    expect(screen.getByTestId('qr-wizard').dataset.status).toBe('configuring');

    fireEvent.click(screen.getByTestId('wizard-back'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}/qr-code/create/type`),
    );
    expect(screen.getByTestId('wizard-type-email').getAttribute('aria-pressed')).toBe('true');
  });

  it('makes an inactive QR code without an Action', async () => {
    const { provider, calls } = fakeDataProvider();
    renderWizard(provider);
    fireEvent.click(await screen.findByTestId('wizard-type-none'));
    fireEvent.click(screen.getByTestId('wizard-next'));
    fireEvent.change(await screen.findByTestId('wizard-name'), { target: { value: 'Poster' } });
    await screen.findByTestId('qr-designer', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('wizard-create'));
    await waitFor(() => expect(screen.getByTestId('qr-wizard').dataset.status).toBe('done'));
    const creates = calls.filter((call) => call.method === 'create');
    expect(creates.map((call) => call.resource)).toEqual(['qr-codes']);
    expect(creates[0].params).toMatchObject({ data: { name: 'Poster', actionId: null } });
  });

  it('shows the QR link editor’s own inputs, and a contact gets one Name: the code’s', async () => {
    const { provider, calls } = fakeDataProvider();
    renderWizard(provider);
    fireEvent.click(await screen.findByTestId('wizard-type-contact'));
    fireEvent.click(screen.getByTestId('wizard-next'));
    fireEvent.change(await screen.findByTestId('wizard-name'), {
      target: { value: 'Anna de Vries' },
    });
    // The editor's contact fields (the same component, labels and defaults), not a shortened copy.
    const fields = screen.getByTestId('action-fields-contact');
    expect(fields).toBeTruthy();
    expect(screen.getByText('Email addresses')).toBeTruthy();
    expect(screen.getByText('Phone numbers')).toBeTruthy();
    expect(document.querySelector('[name="data.name"]')).toBeNull();
    expect(screen.getAllByLabelText(/^Name/)).toHaveLength(1);
    fireEvent.change(field('data.company.name'), { target: { value: 'Bakkerij Anna' } });
    await screen.findByTestId('qr-designer', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('wizard-create'));

    await waitFor(() => expect(screen.getByTestId('qr-wizard').dataset.status).toBe('done'));
    const creates = calls.filter((call) => call.method === 'create');
    expect(creates).toHaveLength(1);
    // One serializer: the Action editor's, so the Action arrives as the editor would send it.
    expect(creates[0].params).toMatchObject({
      data: {
        name: 'Anna de Vries',
        action: {
          name: 'Anna de Vries',
          objectType: 'contact',
          data: {
            name: 'Anna de Vries',
            company: { name: 'Bakkerij Anna' },
            emailAddresses: [],
            avatar: { mediaId: null, remove: false },
          },
          activity: { mode: 'always' },
        },
      },
    });
  });
});
