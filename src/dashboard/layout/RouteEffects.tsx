// Router side effects: install react-router's navigate for the dataProvider, and report every
// navigation to analytics with ids stripped (SPEC §2), once the tracker setting is known.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from '../navigation';
import { applyPageAnalytics, trackPageView } from '../analytics';
import { dataProvider } from '../providers/dataProvider';

export function RouteEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const [isTrackerReady, setTrackerReady] = useState(false);
  useEffect(() => {
    setNavigator((to) => navigate(to));
  }, [navigate]);
  useEffect(() => {
    let isLive = true;
    // Without the setting (an old server, a network error) views still reach the dataLayer.
    dataProvider
      .getPageAnalyticsTracker()
      .then(({ data }) => applyPageAnalytics(data))
      .catch(() => undefined)
      .finally(() => {
        if (isLive) setTrackerReady(true);
      });
    return () => {
      isLive = false;
    };
  }, []);
  useEffect(() => {
    if (isTrackerReady) trackPageView(location.pathname + location.search);
  }, [isTrackerReady, location.pathname, location.search]);
  return null;
}
