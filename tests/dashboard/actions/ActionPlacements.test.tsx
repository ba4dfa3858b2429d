// The Placements tab (issue 16 part 7): the QR link's QR codes compared side by side, and new
// placements made from a list of names in one request through the dataProvider.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Notification, testDataProvider } from 'react-admin';
import { ActionPlacements } from '../../../src/dashboard/actions/ActionPlacements';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { ACTION_ID } from './helpers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ROWS = [
  {
    id: 'a',
    name: 'Station poster',
    code: 'AAAA',
    scanUrl: 'x',
    scans: 30,
    uniqueVisitors: 20,
    share: 0.75,
  },
  { id: 'b', name: 'Flyer', code: 'BBBB', scanUrl: 'y', scans: 10, uniqueVisitors: 9, share: 0.25 },
];

function serve(post: (body: unknown) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'POST' ? post(JSON.parse(String(init.body))) : json(200, { data: ROWS }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTab() {
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/projects/:pid/qr-link/:id/placements" element={<ActionPlacements />} />
      </Routes>
      <Notification />
    </>,
    {
      role: 'customeradmin',
      path: `/projects/${PROJECT_ID}/qr-link/${ACTION_ID}/placements`,
      dataProvider: testDataProvider(),
    },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ActionPlacements', () => {
  it('shows each placement with its scans, unique visitors and share', async () => {
    const fetchMock = serve(() => json(201, { data: [] }));
    renderTab();
    const rows = await screen.findAllByTestId('placement-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Station poster')).toBeTruthy();
    expect(within(rows[0]).getByText('30')).toBeTruthy();
    expect(within(rows[0]).getByText('20')).toBeTruthy();
    expect(within(rows[0]).getByText('75%')).toBeTruthy();
    expect(within(rows[1]).getByText('25%')).toBeTruthy();
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toContain(`/projects/${PROJECT_ID}/actions/${ACTION_ID}/placements`);
    expect(url).toMatch(/from=\d{4}-\d{2}-\d{2}/);
  });

  it('makes one QR code per line in one request', async () => {
    const posted: unknown[] = [];
    serve((body) => {
      posted.push(body);
      return json(201, {
        data: [
          { id: 'c', name: 'Packaging', code: 'CCCC' },
          { id: 'd', name: 'Menu', code: 'DDDD' },
        ],
      });
    });
    renderTab();
    fireEvent.change(await screen.findByTestId('placements-names'), {
      target: { value: ' Packaging \n\nMenu\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make 2 QR codes' }));
    await waitFor(() => expect(posted).toEqual([{ names: ['Packaging', 'Menu'] }]));
    expect(await screen.findByText('2 QR codes made')).toBeTruthy();
  });

  it("shows the server's reason at the field when the plan is full", async () => {
    serve(() =>
      json(422, {
        errors: [
          {
            code: 'max_qr_codes_customer',
            detail: 'limit',
            source: { pointer: '/names' },
            meta: { max: 3 },
          },
        ],
      }),
    );
    renderTab();
    fireEvent.change(await screen.findByTestId('placements-names'), { target: { value: 'A\nB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make 2 QR codes' }));
    expect(
      await screen.findByText('The QR code limit of your account has been reached'),
    ).toBeTruthy();
  });
});
