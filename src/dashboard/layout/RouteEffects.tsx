// Router side effects: install react-router's navigate for the dataProvider, and report every
// navigation to analytics with ids stripped (SPEC §2).
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from '../navigation';
import { trackPageView } from '../analytics';

export function RouteEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setNavigator((to) => navigate(to));
  }, [navigate]);
  useEffect(() => {
    trackPageView(location.pathname + location.search);
  }, [location.pathname, location.search]);
  return null;
}
