// <ItemStatistics>: totals (abbreviated), the chart and breakdowns, the empty state, and the
// range presets asking the API for the right period.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Statistics } from '../../../src/shared/statsAggregation';
import { dataProvider } from '../../../src/dashboard/providers/dataProvider';
import { ItemStatistics } from '../../../src/dashboard/statistics/ItemStatistics';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

// The real chart needs layout (ResizeObserver, SVG measuring) that jsdom lacks.
vi.mock('../../../src/dashboard/statistics/TimeseriesChart', () => ({
  TimeseriesChart: ({ points }: { points: { bucket: string; scans: number }[] }) => (
    <ol data-testid="chart-points">
      {points.map((point) => (
        <li key={point.bucket}>{point.scans}</li>
      ))}
    </ol>
  ),
}));

const ITEM_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QD';

function timeseries(total: number, unique: number): Statistics {
  return {
    data: [
      { bucket: '2024-05-01T00:00:00.000Z', scans: total, uniqueVisitors: unique },
      { bucket: '2024-05-02T00:00:00.000Z', scans: 0, uniqueVisitors: 0 },
    ],
    meta: {
      granularity: 'day',
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-05-02T23:59:59.999Z',
      total,
      uniqueVisitors: unique,
      byDevice: total ? [{ key: 'mobile', scans: total }] : [],
      byOs: total ? [{ key: 'iOS', scans: total }] : [],
      byBrowser: total ? [{ key: 'Mobile Safari', scans: total }] : [],
      byCountry: total ? [{ key: 'NL', scans: total }] : [],
      byReferrer: total ? [{ key: 'unknown', scans: total }] : [],
      byVariant: [],
      timeZone: 'Europe/Amsterdam',
      bots: 2,
      previous: {
        from: '2024-04-29T00:00:00.000Z',
        to: '2024-04-30T23:59:59.999Z',
        total: 0,
        uniqueVisitors: 0,
      },
      change: null,
      heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
      topQrCodes: total
        ? [{ itemType: 'qr_code', itemId: ITEM_ID, name: 'Poster', scans: total }]
        : [],
      topShortLinks: [],
    },
  };
}

let requests: URL[] = [];
function answer(body: Statistics) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      // The live count polls beside; these tests follow the statistics requests.
      if (url.pathname.endsWith('/timeseries')) requests.push(url);
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  requests = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<ItemStatistics>', () => {
  it('shows totals abbreviated with K, the chart and translated breakdowns', async () => {
    answer(timeseries(12_345, 678));
    renderWithAdmin(<ItemStatistics projectId={PROJECT_ID} itemId={ITEM_ID} />, { dataProvider });
    expect((await screen.findByTestId('stats-total')).textContent).toBe('12.3K');
    expect(screen.getByTestId('stats-unique').textContent).toBe('678');
    expect(screen.getByTestId('stats-total').getAttribute('title')).toMatch(/12.345|12,345/);
    expect(await screen.findByTestId('chart-points')).toBeTruthy();
    expect(screen.getByTestId('stats-chart')).toBeTruthy();
    expect(screen.getByTestId('stats-breakdown-device').textContent).toContain('Mobile');
    expect(screen.getByTestId('stats-breakdown-country').textContent).toContain('Netherlands');
    expect(screen.getByTestId('stats-breakdown-referrer').textContent).toContain(
      'Direct or unknown',
    );
    expect(screen.queryByTestId('stats-empty')).toBeNull();
    // Bots apart, the comparison, the top codes, the heat map and the CSV downloads.
    expect(screen.getByTestId('stats-bots').textContent).toBe('2');
    expect(screen.getByTestId('stats-change').textContent).toBe('no scans in the previous period');
    expect(screen.getByTestId('stats-top-qr-codes').textContent).toContain('Poster');
    expect(screen.getByTestId('stats-heatmap')).toBeTruthy();
    expect(screen.getByTestId('stats-export-device').getAttribute('href')).toContain(
      `/api/analytics/export?projectId=${PROJECT_ID}&itemId=${ITEM_ID}`,
    );

    const url = requests[0];
    expect(url.pathname).toBe('/api/analytics/timeseries');
    expect(url.searchParams.get('projectId')).toBe(PROJECT_ID);
    expect(url.searchParams.get('itemId')).toBe(ITEM_ID);
    // The default preset: 30 days, ending now.
    const from = Date.parse(url.searchParams.get('from')!);
    const to = Date.parse(url.searchParams.get('to')!);
    expect((to - from) / 86_400_000).toBeGreaterThan(29);
    expect((to - from) / 86_400_000).toBeLessThanOrEqual(30);
  });

  it('shows the empty state when there are no scans', async () => {
    answer(timeseries(0, 0));
    renderWithAdmin(<ItemStatistics projectId={PROJECT_ID} />, { dataProvider });
    expect(await screen.findByTestId('stats-empty')).toBeTruthy();
    expect(screen.getByTestId('stats-empty').textContent).toContain('No scans in this period');
    expect(screen.getByTestId('stats-total').textContent).toBe('0');
    expect(screen.queryByTestId('stats-chart')).toBeNull();
    expect(requests[0].searchParams.has('itemId')).toBe(false);
  });

  it('asks for another period when a preset is chosen, and for a custom range', async () => {
    answer(timeseries(3, 1));
    renderWithAdmin(<ItemStatistics projectId={PROJECT_ID} />, { dataProvider });
    await screen.findByTestId('stats-total');
    fireEvent.click(screen.getByTestId('stats-range-7d'));
    await waitFor(() => expect(requests).toHaveLength(2));
    const week = requests[1];
    const days =
      (Date.parse(week.searchParams.get('to')!) - Date.parse(week.searchParams.get('from')!)) /
      86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThanOrEqual(7);

    fireEvent.click(screen.getByTestId('stats-range-custom'));
    fireEvent.change(screen.getByTestId('stats-from'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByTestId('stats-to'), { target: { value: '2024-01-31' } });
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('from')).toBe('2024-01-01'));
    expect(requests.at(-1)!.searchParams.get('to')).toBe('2024-01-31');

    // A reversed range is refused in the form and not sent.
    const sent = requests.length;
    fireEvent.change(screen.getByTestId('stats-to'), { target: { value: '2023-12-01' } });
    expect(
      await screen.findByText('The end date cannot be earlier than the start date'),
    ).toBeTruthy();
    expect(requests).toHaveLength(sent);
  });
});
