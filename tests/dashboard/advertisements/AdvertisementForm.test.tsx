// The advertisement form: the shared schema's rules at their fields with translated messages and
// bounds, the live phone preview of the interstitial, and the list of a QR code's ads.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ResourceContextProvider, SimpleForm, testDataProvider, type RaRecord } from 'react-admin';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { AdvertisementInputs } from '../../../src/dashboard/advertisements/AdvertisementInputs';
import { AdvertisementPreview } from '../../../src/dashboard/advertisements/AdvertisementPreview';
import {
  newAdValues,
  toAdFormValues,
  toAdInput,
  validateAd,
} from '../../../src/dashboard/advertisements/adForm';
import type { DashboardDataProvider } from '../../../src/dashboard/providers/dataProvider';

const AD_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QD';
const MEDIA_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QE';

const dataProvider = testDataProvider({
  getOne: (async () => ({
    data: { id: PROJECT_ID, customerId: null },
  })) as DashboardDataProvider['getOne'],
  getStatus: async () => ({
    data: {
      used: { qrCodes: 0, scans: 0, storage: 0, users: 0, shortLinks: 0 },
      total: { qrCodes: -1, scans: -1, storage: -1, users: -1, shortLinks: -1 },
    },
  }),
} as Partial<DashboardDataProvider>);

function renderForm(record: object = newAdValues()) {
  return renderWithAdmin(
    <ResourceContextProvider value="advertisements">
      <SimpleForm record={record as RaRecord} validate={validateAd} mode="onChange" toolbar={false}>
        <AdvertisementInputs projectId={PROJECT_ID} />
      </SimpleForm>
    </ResourceContextProvider>,
    { path: `/projects/${PROJECT_ID}/ads/create`, dataProvider },
  );
}

function input(source: string): HTMLInputElement | HTMLTextAreaElement {
  const element = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `[name="${source}"]`,
  );
  if (!element) throw new Error(`no input ${source}`);
  return element;
}

function typeInto(source: string, value: string) {
  fireEvent.change(input(source), { target: { value } });
  fireEvent.blur(input(source));
}

/** The helper/error text under a field. */
function helperOf(source: string): string {
  const describedBy = input(source).getAttribute('aria-describedby') ?? '';
  return describedBy
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('advertisement form', () => {
  it('shows the display time bounds at the field', async () => {
    renderForm();
    typeInto('name', 'Sale');
    typeInto('text', 'Hello');
    typeInto('displayTimeMs', '500');
    await waitFor(() =>
      expect(helperOf('displayTimeMs')).toContain('Must be between 1000 and 60000'),
    );
    typeInto('displayTimeMs', '2500');
    await waitFor(() => expect(helperOf('displayTimeMs')).toContain('2.5 seconds'));
  });

  it('asks for a text or an image, at the text field', async () => {
    renderForm();
    typeInto('name', 'Sale');
    typeInto('text', 'x');
    typeInto('text', '');
    await waitFor(() => expect(helperOf('text')).toContain('This field is required'));
  });

  it('refuses a javascript: link at the field', async () => {
    renderForm();
    typeInto('link', 'javascript:alert(1)');
    await waitFor(() => expect(helperOf('link')).toContain('Must be a valid URL'));
  });

  it('the preview shows the text, countdown and Continue as the scan page does', async () => {
    renderForm();
    typeInto('text', 'Fresh bread\nevery morning');
    typeInto('displayTimeMs', '4200');
    const preview = await screen.findByTestId('ad-preview');
    await waitFor(() =>
      expect(screen.getByTestId('ad-preview-text').textContent).toBe('Fresh bread\nevery morning'),
    );
    expect(screen.getByTestId('ad-preview-seconds').textContent).toBe('5');
    expect(preview.textContent).toContain('Continue');
    expect(preview.textContent).toContain('You will continue automatically in');
  });
});

describe('form values', () => {
  it('round-trips a stored advertisement and its image', () => {
    const values = toAdFormValues({
      id: AD_ID,
      projectId: PROJECT_ID,
      name: 'Ad',
      text: null,
      imageMediaId: MEDIA_ID,
      image: { id: MEDIA_ID, name: 'a.png', url: `/api/file/${MEDIA_ID}` },
      link: null,
      displayTimeMs: 3000,
      qrCodeCount: 0,
      createdAt: '',
      updatedAt: '',
    });
    expect(toAdInput(values as unknown as Record<string, unknown>)).toEqual({
      name: 'Ad',
      text: '',
      imageMediaId: MEDIA_ID,
      link: '',
      displayTimeMs: 3000,
    });
    const removed = { ...values, image: { ...values.image, remove: true } };
    expect(toAdInput(removed as unknown as Record<string, unknown>).imageMediaId).toBeNull();
  });
});

describe('the preview alone', () => {
  it('shows the image and the click-through button when there is a link', () => {
    renderWithAdmin(
      <AdvertisementPreview
        name="Ad"
        text={null}
        imageUrl="/api/file/x"
        link="https://example.com"
        displayTimeMs={1000}
      />,
      { dataProvider },
    );
    expect(screen.getByTestId('ad-preview-image').getAttribute('src')).toBe('/api/file/x');
    expect(screen.getByText('More information')).toBeTruthy();
    expect(screen.getByTestId('ad-preview-seconds').textContent).toBe('1');
  });
});
