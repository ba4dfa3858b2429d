// The short link's QR code on its screen: the scan test and the downloads go to the server's
// …/short-links/{id}/scan-check and …/download through the real dataProvider (fetch stubbed), and
// a refused design offers "Download anyway", which sends force=true.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification } from 'react-admin';
import { dataProvider } from '../../../src/dashboard/providers/dataProvider';
import { ShortLinkQrCode } from '../../../src/dashboard/short-links/ShortLinkQrCode';
import type { ScanCheck } from '../../../src/shared/scannability';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

vi.mock('../../../src/dashboard/design/QrPreview', () => ({
  QrPreview: ({ testId = 'qr-preview', data }: { testId?: string; data: string }) => (
    <div data-testid={testId} data-text={data} />
  ),
}));

const LINK_ID = '01HZY8Q4J8M7V0K2T3R5N6P7SL';
const SCAN_URL = 'http://localhost:3000/s/flyer';
const ITEM = `/api/projects/${PROJECT_ID}/short-links/${LINK_ID}`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(check: ScanCheck) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `${ITEM}/scan-check`) return json({ data: check });
    if (url.pathname === `${ITEM}/download`) {
      if (!check.ok && url.searchParams.get('force') !== 'true') {
        return json(
          {
            errors: [
              {
                code: 'qr_not_scannable',
                detail: 'This design does not scan reliably',
                meta: { values: check.failures },
              },
            ],
          },
          422,
        );
      }
      return new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } });
    }
    throw new Error(`unexpected fetch ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));

function renderQr() {
  return renderWithAdmin(
    <>
      <ShortLinkQrCode projectId={PROJECT_ID} id={LINK_ID} name="Flyer" url={SCAN_URL} />
      <Notification />
    </>,
    { dataProvider },
  );
}

const passing: ScanCheck = {
  ok: true,
  failures: [],
  decoded: SCAN_URL,
  moduleMm: 1.08,
  maxDistanceCm: 11,
  moduleTooSmall: false,
};

let createObjectURL: ReturnType<typeof vi.fn>;
beforeEach(() => {
  createObjectURL = vi.fn(() => 'blob:qr');
  URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShortLinkQrCode', () => {
  it("tests and downloads the short link's QR code through the server's gate", async () => {
    const fetchMock = stubServer(passing);
    renderQr();
    expect(screen.getByTestId('short-link-qr-preview').dataset.text).toBe(SCAN_URL);
    fireEvent.change(screen.getByTestId('qr-print-size'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('qr-test'));
    await waitFor(() => expect(screen.getByTestId('qr-test-result').dataset.ok).toBe('true'));
    expect(screen.getByTestId('qr-print-module').textContent).toContain('scan from at most 11 cm');
    fireEvent.click(screen.getByTestId('qr-download-eps'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const [check, download] = requested(fetchMock);
    expect(check.pathname).toBe(`${ITEM}/scan-check`);
    expect(check.searchParams.get('size')).toBe('25');
    expect(download.pathname).toBe(`${ITEM}/download`);
    expect(Object.fromEntries(download.searchParams)).toMatchObject({ format: 'eps', size: '25' });
    expect(download.searchParams.has('force')).toBe(false);
  });

  it('shows why a refused code would not scan and sends force=true after "Download anyway"', async () => {
    const fetchMock = stubServer({
      ...passing,
      ok: false,
      failures: ['smallPrint'],
      decoded: null,
      moduleTooSmall: true,
    });
    renderQr();
    fireEvent.click(screen.getByTestId('qr-test'));
    await waitFor(() => expect(screen.getByTestId('qr-print-refused')).toBeTruthy());
    expect(screen.getByTestId('qr-test-result').dataset.ok).toBe('false');
    fireEvent.click(screen.getByTestId('qr-download-png'));
    expect(
      await screen.findByText(/This file would not scan reliably\. At this print size/),
    ).toBeTruthy();
    expect(createObjectURL).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('qr-print-force').querySelector('input')!);
    fireEvent.click(screen.getByTestId('qr-download-png'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const downloads = requested(fetchMock).filter((url) => url.pathname === `${ITEM}/download`);
    expect(downloads.map((url) => url.searchParams.get('force'))).toEqual([null, 'true']);
  });
});
