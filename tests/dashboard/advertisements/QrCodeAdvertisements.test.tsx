// The QR code's "ads" tab: lists the linked advertisements with their display time and unlinks
// one with a PUT of the remaining set.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { testDataProvider } from 'react-admin';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { QrCodeAdvertisements } from '../../../src/dashboard/advertisements/QrCodeAdvertisements';

const QR_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QF';
const ad = (id: string, name: string, displayTimeMs: number) => ({
  id,
  projectId: PROJECT_ID,
  name,
  text: 'x',
  imageMediaId: null,
  image: null,
  link: null,
  displayTimeMs,
  qrCodeCount: 1,
  createdAt: '',
  updatedAt: '',
});
const A = ad('01HZY8Q4J8M7V0K2T3R5N6P7QG', 'Summer sale', 4000);
const B = ad('01HZY8Q4J8M7V0K2T3R5N6P7QH', 'Opening hours', 2500);

afterEach(() => vi.unstubAllGlobals());

describe('QrCodeAdvertisements', () => {
  it('lists linked ads and unlinks one with the remaining set', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method: init.method ?? 'GET', url, body });
        const data = init.method === 'PUT' ? [B] : [A, B];
        return new Response(JSON.stringify({ data, meta: { total: data.length } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithAdmin(
      <QueryClientProvider client={new QueryClient()}>
        <QrCodeAdvertisements projectId={PROJECT_ID} qrCodeId={QR_ID} />
      </QueryClientProvider>,
      { dataProvider: testDataProvider({ getList: async () => ({ data: [], total: 0 }) }) },
    );
    expect(await screen.findByText('Summer sale')).toBeTruthy();
    expect(screen.getByText('2.5 s')).toBeTruthy();
    expect(screen.getByText(/each scan shows one of them at random/)).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('qr-unlink-ad')[0]);
    await waitFor(() => expect(screen.queryByText('Summer sale')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(`/api/projects/${PROJECT_ID}/qr-codes/${QR_ID}/advertisements`);
    expect(put?.body).toEqual({ advertisementIds: [B.id] });
  });
});
