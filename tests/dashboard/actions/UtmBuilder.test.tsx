// The UTM builder under a link field (issue 16): the tag fields write the link's query string,
// are read back from a loaded link, and a project's presets fill them and are saved through the
// dataProvider.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../../locales/en.json';
import { ActionInputs } from '../../../src/dashboard/actions/ActionInputs';
import type { DashboardDataProvider } from '../../../src/dashboard/providers/dataProvider';
import type { UtmPreset } from '../../../src/shared/utm';
import { PROJECT_ID } from '../helpers';
import { renderInForm, storageDataProvider } from './helpers';

const linkAction = (link: string) => ({
  name: 'Shop',
  objectType: 'link',
  data: { link },
  activity: { mode: 'always' },
});

const linkInput = () => document.querySelector<HTMLInputElement>('[name="data.link"]')!;

function withPresets(initial: UtmPreset[]) {
  const saved: UtmPreset[][] = [];
  let presets = initial;
  const dataProvider = {
    ...storageDataProvider(),
    getUtmPresets: async (projectId: string) => {
      expect(projectId).toBe(PROJECT_ID);
      return { data: presets };
    },
    saveUtmPresets: async (_projectId: string, next: UtmPreset[]) => {
      saved.push(next);
      presets = next;
      return { data: next };
    },
  } as Partial<DashboardDataProvider> as DashboardDataProvider;
  return { dataProvider, saved };
}

describe('the UTM builder', () => {
  it('writes typed tags into the link, keeping its other parameters and a space being typed', async () => {
    renderInForm(<ActionInputs />, linkAction('https://shop.example/?ref=qr#top'));
    fireEvent.click(await screen.findByTestId('utm-toggle'));
    fireEvent.change(screen.getByTestId('utm-source'), { target: { value: 'flyer' } });
    fireEvent.change(screen.getByTestId('utm-campaign'), { target: { value: 'spring ' } });
    expect(screen.getByTestId<HTMLInputElement>('utm-campaign').value).toBe('spring ');
    fireEvent.change(screen.getByTestId('utm-campaign'), { target: { value: 'spring sale' } });
    await waitFor(() =>
      expect(linkInput().value).toBe(
        'https://shop.example/?ref=qr&utm_source=flyer&utm_campaign=spring%20sale#top',
      ),
    );
    fireEvent.change(screen.getByTestId('utm-source'), { target: { value: '' } });
    await waitFor(() =>
      expect(linkInput().value).toBe('https://shop.example/?ref=qr&utm_campaign=spring%20sale#top'),
    );
  });

  it('opens on a loaded link with tags and shows them; editing the link updates the fields', async () => {
    renderInForm(
      <ActionInputs />,
      linkAction('https://shop.example/?utm_source=news&utm_medium=email'),
    );
    expect((await screen.findByTestId('utm-toggle')).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId<HTMLInputElement>('utm-source').value).toBe('news');
    expect(screen.getByTestId<HTMLInputElement>('utm-medium').value).toBe('email');
    fireEvent.change(linkInput(), {
      target: { value: 'https://shop.example/?utm_source=poster' },
    });
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('utm-source').value).toBe('poster'),
    );
    expect(screen.getByTestId<HTMLInputElement>('utm-medium').value).toBe('');
    expect(screen.getByText(en.app.actions.utm.fields.campaign)).toBeTruthy();
  });

  it('fills the tags from a preset and saves the current tags as a new one', async () => {
    const { dataProvider, saved } = withPresets([
      {
        name: 'Flyer',
        tags: { source: 'flyer', medium: 'print', campaign: '', term: '', content: '' },
      },
    ]);
    renderInForm(<ActionInputs />, linkAction('https://shop.example/'), dataProvider);
    fireEvent.click(await screen.findByTestId('utm-toggle'));
    const select = await screen.findByLabelText(en.app.actions.utm.apply_preset);
    fireEvent.mouseDown(select);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Flyer'));
    await waitFor(() =>
      expect(linkInput().value).toBe('https://shop.example/?utm_source=flyer&utm_medium=print'),
    );

    fireEvent.change(screen.getByTestId('utm-campaign'), { target: { value: 'autumn' } });
    fireEvent.click(screen.getByTestId('utm-preset-save'));
    // No name: the shared schema's "required" message at the name field, nothing saved.
    expect(await screen.findByText(en.errors.api.required)).toBeTruthy();
    expect(saved).toHaveLength(0);

    fireEvent.change(screen.getByTestId('utm-preset-name'), { target: { value: 'Autumn flyer' } });
    fireEvent.click(screen.getByTestId('utm-preset-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].map((preset) => preset.name)).toEqual(['Flyer', 'Autumn flyer']);
    expect(saved[0][1].tags).toEqual({
      source: 'flyer',
      medium: 'print',
      campaign: 'autumn',
      term: '',
      content: '',
    });
  });
});
