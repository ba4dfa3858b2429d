// Page views go to a pluggable tracker; ids are stripped so paths group per screen (SPEC §2).
// Every view lands on window.dataLayer (Tag Manager's convention, read by the e2e tests); when a
// platform admin configured Plausible, Matomo or an endpoint of their own (/settings/analytics),
// it is sent there too — unless the browser asks not to be tracked.
import { stripIds } from '../shared/rules';
import type { PageAnalytics } from '../shared/schemas/pageAnalytics';

export interface PageView {
  event: 'page_view';
  path: string;
}
export type AnalyticsTracker = (view: PageView) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

const dataLayerTracker: AnalyticsTracker = (view) => {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(view);
};

let tracker: AnalyticsTracker = dataLayerTracker;

export function setAnalyticsTracker(fn: AnalyticsTracker): void {
  tracker = fn;
}

export function trackPageView(pathWithSearch: string): void {
  tracker({ event: 'page_view', path: stripIds(pathWithSearch) });
}

/** Do-Not-Track or Global Privacy Control: the visitor said no. */
export function isTrackingRefused(nav: Navigator = navigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/**
 * Sends without cookies or a CORS preflight (text/plain, as Plausible's own script does), and
 * keeps going while the page unloads.
 */
function send(url: string, body?: string): void {
  void fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    body,
    headers: body === undefined ? undefined : { 'content-type': 'text/plain' },
    credentials: 'omit',
    keepalive: true,
    mode: 'no-cors',
  }).catch(() => undefined);
}

/** The request a provider takes for one page view, as its own documented HTTP API describes. */
export function providerTracker(settings: PageAnalytics, origin: string): AnalyticsTracker | null {
  const base = settings.provider === 'none' ? '' : settings.url.replace(/\/+$/, '');
  switch (settings.provider) {
    case 'none':
      return null;
    case 'plausible':
      // Plausible's Events API: POST /api/event { name, url, domain }.
      return (view) =>
        send(
          `${base}/api/event`,
          JSON.stringify({
            name: 'pageview',
            url: `${origin}${view.path}`,
            domain: settings.siteId,
          }),
        );
    case 'matomo': {
      // Matomo's Tracking HTTP API: GET matomo.php?idsite=…&rec=1&url=….
      return (view) => {
        const query = new URLSearchParams({
          idsite: settings.siteId,
          rec: '1',
          apiv: '1',
          url: `${origin}${view.path}`,
          send_image: '0',
        });
        send(`${base}/matomo.php?${query}`);
      };
    }
    case 'custom':
      return (view) =>
        send(settings.url, JSON.stringify({ ...view, at: new Date().toISOString() }));
  }
}

/** Installs the configured provider beside the dataLayer; does nothing when tracking is refused. */
export function applyPageAnalytics(settings: PageAnalytics, nav: Navigator = navigator): void {
  const provider = isTrackingRefused(nav)
    ? null
    : providerTracker(settings, window.location.origin);
  setAnalyticsTracker(
    provider
      ? (view) => {
          dataLayerTracker(view);
          provider(view);
        }
      : dataLayerTracker,
  );
}
