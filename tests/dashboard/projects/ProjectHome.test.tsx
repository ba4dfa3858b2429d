// The project start page: counts, usage colours at SPEC §4's thresholds, unlimited, the storage
// banner, the latest items and the quick links — over a mocked data provider.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { DataProvider, GetListParams } from 'react-admin';
import { ProjectHome } from '../../../src/dashboard/projects/ProjectHome';
import type { LimitStatus } from '../../../src/shared/rules';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const counts = (overrides: Partial<LimitStatus['used']> = {}): LimitStatus['used'] => ({
  qrCodes: 0,
  scans: 0,
  storage: 0,
  users: 0,
  shortLinks: 0,
  ...overrides,
});

function provider(status: LimitStatus, items: Record<string, { id: string; name: string }[]> = {}) {
  return {
    getOne: async () => ({
      data: { id: PROJECT_ID, name: 'Spring campaign', description: 'Posters' },
    }),
    getList: async (resource: string, params: GetListParams) => {
      const data = (items[resource] ?? []).map((item) => ({
        ...item,
        scanUrl: `https://qr.example.com/s/${item.id}`,
        createdAt: '2024-01-01T00:00:00.000Z',
      }));
      // The start page asks for the newest five.
      expect(params.pagination).toEqual({ page: 1, perPage: 5 });
      expect(params.sort).toEqual({ field: 'createdAt', order: 'DESC' });
      return { data, total: data.length };
    },
    getStatus: async () => ({ data: status }),
  } as unknown as DataProvider;
}

function renderHome(status: LimitStatus, items?: Record<string, { id: string; name: string }[]>) {
  return renderWithAdmin(
    <Routes>
      <Route path="/projects/:pid/start" element={<ProjectHome />} />
    </Routes>,
    { dataProvider: provider(status, items) },
  );
}

const unlimited = counts({ qrCodes: -1, scans: -1, storage: -1, users: -1, shortLinks: -1 });

describe('ProjectHome', () => {
  it('shows the counts, scans abbreviated with K and M', async () => {
    renderHome({
      used: counts({ qrCodes: 12, shortLinks: 3, scans: 1_234_567 }),
      total: unlimited,
    });
    expect((await screen.findByTestId('start-count-qr-codes')).textContent).toBe('12');
    expect(screen.getByTestId('start-count-short-links').textContent).toBe('3');
    expect(screen.getByTestId('start-count-scans').textContent).toBe('1.2M');
    expect(screen.getByTestId('project-home-name').textContent).toBe('Spring campaign');
  });

  it.each([
    [79, 'info'],
    [80, 'warning'],
    [99, 'warning'],
    [100, 'error'],
    [120, 'error'],
  ])('colours QR code usage of %i of 100 as %s', async (used, level) => {
    renderHome({
      used: counts({ qrCodes: used }),
      total: counts({ qrCodes: 100, scans: -1, storage: -1, users: -1, shortLinks: -1 }),
    });
    const bar = await screen.findByTestId('usage-qrCodes');
    expect(bar.getAttribute('data-level')).toBe(level);
    expect(bar.textContent).toContain(`${used} of 100`);
  });

  it('shows -1 as unlimited, always info', async () => {
    renderHome({ used: counts({ qrCodes: 5000, scans: 9_999 }), total: unlimited });
    const bar = await screen.findByTestId('usage-scans');
    expect(bar.getAttribute('data-level')).toBe('info');
    expect(bar.textContent).toContain('10K of unlimited');
    expect(screen.queryByTestId('storage-banner')).toBeNull();
  });

  it.each([
    [79_000_000, null, null],
    [80_000_000, 'almostReached', 'Storage almost reached: 80 MB of 100 MB used'],
    [100_000_000, 'reached', 'Storage reached: 100 MB of 100 MB used'],
  ])('storage %i of 100 MB: banner %s', async (used, banner, text) => {
    renderHome({
      used: counts({ storage: used }),
      total: { ...unlimited, storage: 100_000_000 },
    });
    await screen.findByTestId('usage-storage');
    const node = screen.queryByTestId('storage-banner');
    if (banner === null) {
      expect(node).toBeNull();
      return;
    }
    expect(node?.getAttribute('data-banner')).toBe(banner);
    expect(node?.textContent).toContain(text);
  });

  it('lists the latest QR codes and short links with links to them, and the quick links', async () => {
    renderHome(
      { used: counts(), total: unlimited },
      {
        'qr-codes': [{ id: '01HZY8Q4J8M7V0K2T3R5N6P001', name: 'Poster A' }],
        'short-links': [{ id: '01HZY8Q4J8M7V0K2T3R5N6P002', name: 'Flyer link' }],
      },
    );
    const latest = await screen.findByTestId('start-latest');
    const qr = await within(latest).findByText('Poster A');
    expect(qr.closest('a')?.getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/qr-code/01HZY8Q4J8M7V0K2T3R5N6P001/details/edit`,
    );
    const link = await within(latest).findByText('Flyer link');
    expect(link.closest('a')?.getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/short-links/01HZY8Q4J8M7V0K2T3R5N6P002/details/edit`,
    );
    expect(screen.getByTestId('start-quick-qr-code').getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/qr-code/create/type`,
    );
    expect(screen.getByTestId('start-quick-short-link').getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/short-links/create`,
    );
    expect(screen.getByTestId('start-quick-action').getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/qr-link/create`,
    );
    expect(screen.getByTestId('start-quick-page').getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/qr-link/create?type=textArea`,
    );
  });
});
