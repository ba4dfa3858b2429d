// Page views go to a pluggable tracker; ids are stripped so paths group per screen (SPEC §2).
import { stripIds } from '../shared/rules';

export interface PageView {
  event: 'page_view';
  path: string;
}
export type AnalyticsTracker = (view: PageView) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The default pushes onto window.dataLayer (Tag Manager's convention), readable by e2e tests. */
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
