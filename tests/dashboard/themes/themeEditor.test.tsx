// The theme editor: the font picker searches the whole Google Fonts catalogue, the gradient angle
// shows SPEC §5's bound at once, and the live preview asks the server for the real landing page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, type DataProvider } from 'react-admin';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { ThemeInputs, validateTheme } from '../../../src/dashboard/themes/ThemeInputs';
import { FontInput, fontFilter } from '../../../src/dashboard/themes/FontInput';
import { FONT_CATALOGUE } from '../../../src/shared/fonts';
import { DEFAULT_THEME_SETTINGS, type ThemeSettings } from '../../../src/shared/schemas/theme';

const dataProvider = {
  getOne: async () => ({ data: { id: PROJECT_ID, customerId: null } }),
  getStatus: async () => ({
    data: { used: { storage: 0 }, total: { storage: -1 } },
  }),
} as unknown as DataProvider;

const fetchMock = vi.fn(
  async () =>
    new Response('<!doctype html><html><body>preview</body></html>', {
      status: 200,
      headers: { 'content-type': 'text/html' },
    }),
);
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Editor({ settings = DEFAULT_THEME_SETTINGS }: { settings?: ThemeSettings }) {
  return (
    <Form
      validate={validateTheme}
      mode="onChange"
      defaultValues={{ name: 'Brand', settings }}
      resource="themes"
    >
      <ThemeInputs projectId={PROJECT_ID} />
    </Form>
  );
}

describe('font picker', () => {
  it('filters the whole catalogue by what is typed, with each family category', async () => {
    renderWithAdmin(
      <Form defaultValues={{ settings: { font: null } }} resource="themes">
        <FontInput />
      </Form>,
      { dataProvider },
    );
    const input = screen.getByTestId('theme-font-input') as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { value: 'playfair' } });
    await waitFor(() => expect(input.value).toBe('playfair'));
    await waitFor(() => {
      const shown = screen.getAllByTestId('theme-font-option').map((option) => option.textContent);
      expect(shown.every((name) => /Playfair/.test(name ?? ''))).toBe(true);
    });
    const options = screen.getAllByTestId('theme-font-option');
    const names = options.map((option) => option.textContent);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(
      names.some((name) => name?.startsWith('Playfair Display') && name.endsWith('Serif')),
    ).toBe(true);
    fireEvent.click(options.find((option) => option.textContent?.startsWith('Playfair Display'))!);
    // The family brings its own subsets and variants.
    expect(await screen.findByTestId('theme-font-variant')).toBeTruthy();
  });

  it('searches all 1908 families but draws only the first matches', () => {
    const state = { inputValue: '', getOptionLabel: (font: { family: string }) => font.family };
    expect(FONT_CATALOGUE.length).toBe(1908);
    expect(fontFilter([...FONT_CATALOGUE], state).length).toBe(100);
    const zilla = fontFilter([...FONT_CATALOGUE], { ...state, inputValue: 'zilla' });
    expect(zilla.map((font) => font.family)).toContain('Zilla Slab');
    expect(zilla.every((font) => /zilla/i.test(font.family))).toBe(true);
  });
});

describe('theme editor', () => {
  it('shows the bound as soon as the gradient angle is typed over 360', async () => {
    renderWithAdmin(
      <Editor
        settings={{
          ...DEFAULT_THEME_SETTINGS,
          background: { ...DEFAULT_THEME_SETTINGS.background, type: 'gradient' },
        }}
      />,
      { dataProvider },
    );
    const angle = await screen.findByTestId('theme-gradient-angle');
    fireEvent.change(angle, { target: { value: '400' } });
    const error = await screen.findByTestId('theme-gradient-angle-error');
    expect(error.textContent).toBe('Must be between 0 and 360');
    fireEvent.change(angle, { target: { value: '90' } });
    await waitFor(() => expect(screen.queryByTestId('theme-gradient-angle-error')).toBeNull());
  });

  it('has every section, and previews the landing page through the API', async () => {
    renderWithAdmin(<Editor />, { dataProvider });
    for (const label of [
      'Colours',
      'Background',
      'Buttons and cards',
      'Font',
      'Logo',
      'Social icons',
    ]) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    const preview = screen.getByTestId('theme-preview');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 2000 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/projects/${PROJECT_ID}/themes/preview`);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Client-Type']).toBe('dashboard');
    expect(JSON.parse(String(init.body)).settings.colors.primary).toBe('#fd1056');
    await waitFor(() =>
      expect(within(preview).getByTitle('Preview of the landing page')).toBeTruthy(),
    );
    expect(preview.querySelector('iframe')?.getAttribute('srcdoc')).toContain('preview');
  });
});
