// The Action editor of SPEC §2: ten tabs in order with tooltips, the tab of the loaded type, and
// the shared schema's rules shown at the fields with their translated messages.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../../locales/en.json';
import { ActionInputs } from '../../../src/dashboard/actions/ActionInputs';
import { Route, Routes } from 'react-router-dom';
import { ActionCreate } from '../../../src/dashboard/actions/ActionCreate';
import { newActionValues } from '../../../src/dashboard/actions/actionForm';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { ACTION_ID, renderInForm, storageDataProvider } from './helpers';

const ORDER = [
  'link',
  'file',
  'contact',
  'textArea',
  'appLink',
  'email',
  'phoneNumber',
  'sms',
  'whatsapp',
  'sound',
] as const;

const loaded = (objectType: string, data: Record<string, unknown>) => ({
  id: ACTION_ID,
  name: 'Loaded',
  objectType,
  data,
  activity: { mode: 'always' },
});

function inputOf(source: string): HTMLInputElement | HTMLTextAreaElement {
  const element = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `[name="${source}"]`,
  );
  if (!element) throw new Error(`no input ${source}`);
  return element;
}

function typeInto(source: string, value: string) {
  const input = inputOf(source);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('the Action editor tabs', () => {
  it('lists the ten kinds in SPEC order, each with its translated label', async () => {
    renderInForm(<ActionInputs />, newActionValues());
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('data-testid'))).toEqual(
      ORDER.map((type) => `action-tab-${type}`),
    );
    expect(tabs.map((tab) => tab.textContent)).toEqual(
      ORDER.map((type) => en.app.actions.types[type]),
    );
  });

  it.each(ORDER)('shows a translated tooltip on the %s tab', async (type) => {
    renderInForm(<ActionInputs />, newActionValues());
    fireEvent.mouseOver(await screen.findByTestId(`action-tab-${type}`));
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      en.app.actions.tooltips[type],
    );
  });

  it.each([
    ['sms', { phoneNumber: '+31 6 1234 5678', body: 'Hi' }],
    ['sound', {}],
    ['email', { address: 'info@example.com' }],
    ['whatsapp', { number: '0612345678' }],
  ] as const)('selects the tab of a loaded %s Action', async (type, data) => {
    renderInForm(<ActionInputs />, loaded(type, data));
    const tab = await screen.findByTestId(`action-tab-${type}`);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId(`action-fields-${type}`)).toBeTruthy();
    const others = screen.getAllByRole('tab').filter((t) => t !== tab);
    expect(others.every((t) => t.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('switching tab changes the kind and its fields, and keeps what was typed', async () => {
    renderInForm(<ActionInputs />, newActionValues());
    typeInto('data.link', 'https://example.com');
    fireEvent.click(await screen.findByTestId('action-tab-sms'));
    expect(screen.getByTestId('action-tab-sms').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('action-fields-sms')).toBeTruthy();
    expect(document.querySelector('[name="data.link"]')).toBeNull();
    fireEvent.click(screen.getByTestId('action-tab-link'));
    expect((inputOf('data.link') as HTMLInputElement).value).toBe('https://example.com');
  });
});

describe('creating an Action', () => {
  const renderCreate = (search: string) =>
    renderWithAdmin(
      <Routes>
        <Route path="/projects/:pid/qr-link/create" element={<ActionCreate />} />
      </Routes>,
      {
        path: `/projects/${PROJECT_ID}/qr-link/create${search}`,
        dataProvider: storageDataProvider(),
      },
    );

  it.each(['textArea', 'contact', 'sms'] as const)('opens on the tab of ?type=%s', async (type) => {
    renderCreate(`?type=${type}`);
    const tab = await screen.findByTestId(`action-tab-${type}`);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId(`action-fields-${type}`)).toBeTruthy();
  });

  it.each(['', '?type=nonsense'])('opens on the link tab for "%s"', async (search) => {
    renderCreate(search);
    const tab = await screen.findByTestId('action-tab-link');
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('rules per kind, at the field', () => {
  it.each([
    [
      'appLink',
      'data.appStore',
      'https://example.com/app',
      en.errors.api.prefix.replace('%{prefix}', 'https://apps.apple.com/'),
    ],
    [
      'appLink',
      'data.playStore',
      'https://play.google.com/apps/x',
      en.errors.api.prefix.replace('%{prefix}', 'https://play.google.com/store/apps/'),
    ],
    ['phoneNumber', 'data.phoneNumber', '1'.repeat(51), en.errors.api.max.replace('%{max}', '50')],
    ['sms', 'data.phoneNumber', '', en.errors.api.required],
    ['whatsapp', 'data.number', '2'.repeat(51), en.errors.api.max.replace('%{max}', '50')],
    ['email', 'data.address', 'not-an-email', en.errors.api.email],
    ['link', 'data.link', 'javascript:alert(1)', en.errors.api.url],
    ['contact', 'data.name', '', en.errors.api.required],
    ['email', 'data.subject', 'x'.repeat(999), en.errors.api.max.replace('%{max}', '998')],
  ] as const)('%s: %s = %j shows "%s"', async (type, source, value, message) => {
    renderInForm(<ActionInputs />, loaded(type, {}));
    await screen.findByTestId(`action-fields-${type}`);
    typeInto(source, value === '' ? 'x' : value);
    if (value === '') typeInto(source, '');
    const field = inputOf(source).closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(within(field).getByText(message)).toBeTruthy());
  });

  it('an end before the start shows SPEC’s notice at the end field', async () => {
    renderInForm(<ActionInputs />, {
      ...loaded('link', { link: 'https://example.com' }),
      activity: {
        mode: 'period',
        start: '2026-05-10T10:00:00.000Z',
        end: '2026-05-01T10:00:00.000Z',
      },
    });
    const end = await waitFor(() => inputOf('activity.end'));
    fireEvent.focus(end);
    fireEvent.change(end, { target: { value: '2026-05-01T12:00' } });
    fireEvent.blur(end);
    const field = end.closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() =>
      expect(within(field).getByText(en.notifications.endDateBeforeStartDate)).toBeTruthy(),
    );
  });
});
