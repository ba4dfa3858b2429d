// Page views: what each configured provider receives (their documented HTTP APIs), ids stripped,
// and nothing sent when the browser asks not to be tracked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyPageAnalytics,
  isTrackingRefused,
  trackPageView,
} from '../../src/dashboard/analytics';

const ID = '01JCDE5N3M4PQ8R9S0T1V2W3X4';
let sent: { url: string; init: RequestInit }[];

beforeEach(() => {
  sent = [];
  window.dataLayer = [];
  // fetch leaves the browser here: the request is what the provider's API gets.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response(null, { status: 204 }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  applyPageAnalytics({ provider: 'none' });
});

const allowing = { doNotTrack: null } as unknown as Navigator;

describe('page views', () => {
  it('always land on the dataLayer with ids stripped, and go nowhere else by default', () => {
    applyPageAnalytics({ provider: 'none' }, allowing);
    trackPageView(`/projects/${ID}/qr-code/${ID}/details/edit?tab=2`);
    expect(window.dataLayer).toEqual([
      { event: 'page_view', path: '/projects/qr-code/details/edit?tab=2' },
    ]);
    expect(sent).toEqual([]);
  });

  it('reach Plausible through its Events API, as text so no preflight is needed', () => {
    applyPageAnalytics(
      { provider: 'plausible', siteId: 'qr.example.com', url: 'https://plausible.io/' },
      allowing,
    );
    trackPageView(`/projects/${ID}/start`);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://plausible.io/api/event');
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.headers).toEqual({ 'content-type': 'text/plain' });
    expect(sent[0].init.credentials).toBe('omit');
    expect(JSON.parse(sent[0].init.body as string)).toEqual({
      name: 'pageview',
      url: `${window.location.origin}/projects/start`,
      domain: 'qr.example.com',
    });
  });

  it('reach Matomo through its Tracking HTTP API', () => {
    applyPageAnalytics(
      { provider: 'matomo', siteId: '7', url: 'https://stats.example/matomo' },
      allowing,
    );
    trackPageView(`/projects/${ID}/start`);
    const url = new URL(sent[0].url);
    expect(`${url.origin}${url.pathname}`).toBe('https://stats.example/matomo/matomo.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      idsite: '7',
      rec: '1',
      apiv: '1',
      url: `${window.location.origin}/projects/start`,
      send_image: '0',
    });
    expect(sent[0].init.method).toBe('GET');
  });

  it('reach an endpoint of the operator as the page view itself', () => {
    applyPageAnalytics({ provider: 'custom', url: 'https://hits.example/collect' }, allowing);
    trackPageView('/settings/profile');
    expect(sent[0].url).toBe('https://hits.example/collect');
    expect(JSON.parse(sent[0].init.body as string)).toMatchObject({
      event: 'page_view',
      path: '/settings/profile',
    });
  });

  it.each([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { doNotTrack: null, globalPrivacyControl: true }],
  ])('are not sent to the provider under %s', (_name, nav) => {
    expect(isTrackingRefused(nav as unknown as Navigator)).toBe(true);
    applyPageAnalytics(
      { provider: 'custom', url: 'https://hits.example/collect' },
      nav as unknown as Navigator,
    );
    trackPageView('/settings/profile');
    expect(sent).toEqual([]);
    expect(window.dataLayer).toHaveLength(1);
  });
});
