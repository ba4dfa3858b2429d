// The QR code list shows each QR code's tags from the API answer, without the extra
// GET …/item-labels request it used to make.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { testDataProvider, type DataProvider } from 'react-admin';
import { QrCodeList } from '../../../src/dashboard/qr-codes/QrCodeList';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode';
import type { LabelSummary } from '../../../src/shared/schemas/label';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

// jsdom has no canvas: the thumbnails are not this test's business.
vi.mock('../../../src/dashboard/design/QrPreview', () => ({
  QrPreview: ({ testId = 'qr-preview' }: { testId?: string }) => <div data-testid={testId} />,
}));

const tag = (n: number): LabelSummary => ({
  id: `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`,
  name: `tag-${n}`,
  color: '#0277bd',
});

const qrCodes = [
  { id: '01HZY8Q4J8M7V0K2T3R5N6P7Q1', name: 'Tagged', labels: [tag(1), tag(2)] },
  { id: '01HZY8Q4J8M7V0K2T3R5N6P7Q2', name: 'Untagged', labels: [] },
].map((qrCode) => ({
  ...qrCode,
  projectId: PROJECT_ID,
  code: qrCode.id.slice(-10),
  scanUrl: `http://localhost/s/${qrCode.id.slice(-10)}`,
  description: null,
  actionId: null,
  action: null,
  templateId: null,
  design: DEFAULT_QR_DESIGN,
  scans: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  trashedAt: null,
}));

afterEach(() => vi.unstubAllGlobals());

describe('QR code list: tags', () => {
  it('shows chips from the answer and asks for no item-labels', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const dataProvider: DataProvider = testDataProvider({
      getList: (async (resource: string) =>
        resource === 'labels'
          ? { data: [tag(1), tag(2)].map((t) => ({ ...t, itemCount: 1 })), total: 2 }
          : { data: qrCodes, total: qrCodes.length }) as DataProvider['getList'],
    });
    renderWithAdmin(
      <Routes>
        <Route path="/projects/:pid/qr-codes" element={<QrCodeList />} />
      </Routes>,
      { dataProvider, path: `/projects/${PROJECT_ID}/qr-codes` },
    );
    const list = await screen.findByTestId('qr-code-list', {}, { timeout: 5000 });
    await waitFor(() => expect(within(list).getByText('Untagged')).toBeTruthy());
    const chips = within(list).getAllByTestId('label-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['tag-1', 'tag-2']);
    expect(fetch).not.toHaveBeenCalled();
  });
});
