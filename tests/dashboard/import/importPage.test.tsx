// The import page's preview: the labels the tags column will make, and a bad label name named in
// its row's problem, in the user's language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ImportPage } from '../../../src/dashboard/import/ImportPage';
import { renderWithAdmin } from '../helpers';

const PREVIEW = {
  format: 'qrhub',
  headers: ['name', 'url', 'tags'],
  keyColumn: null,
  total: 3,
  valid: 2,
  alreadyImported: 0,
  invalid: 1,
  errors: [
    {
      line: 4,
      data: null,
      errors: [
        {
          code: 'max',
          detail: 'Too big',
          source: { pointer: '/tags/1' },
          meta: { max: 16, tag: 'much-too-long-label-name' },
        },
      ],
    },
  ],
  sample: [],
  newLabels: ['Promo', 'Winter'],
};

afterEach(() => vi.unstubAllGlobals());

describe('ImportPage', () => {
  it('shows the labels the import makes and which label name is wrong', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ data: PREVIEW }), { status: 200 });
      }),
    );
    renderWithAdmin(<ImportPage />, { role: 'customeradmin' });
    const file = new File(['name,url,tags\n'], 'codes.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });

    expect((await screen.findByTestId('import-new-labels')).textContent).toBe(
      'New labels the import makes: Promo, Winter',
    );
    const errors = screen.getByTestId('import-errors');
    expect(
      within(errors).getByText('Label “much-too-long-label-name”: Must be at most 16 characters'),
    ).toBeTruthy();
    expect(calls[0]).toContain('/imports/preview');
  });
});
