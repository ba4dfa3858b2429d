// A project's or item's statistics through the dataProvider, cached per range by react-query;
// and the live count of the last minutes, polled every 5 s while shown.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DashboardDataProvider, StatisticsParams } from '../providers/dataProvider';

export type TimeseriesParams = StatisticsParams;

export function useTimeseries(params: TimeseriesParams | null) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  return useQuery({
    queryKey: ['analytics', 'timeseries', params],
    queryFn: async () => (await dataProvider.getStatistics(params!)).data,
    enabled: params !== null,
    // Switching ranges keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const LIVE_POLL_MS = 5000;

export function useLiveScans(projectId: string) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  return useQuery({
    queryKey: ['analytics', 'live', projectId],
    queryFn: async () => (await dataProvider.getLiveScans(projectId)).data,
    refetchInterval: LIVE_POLL_MS,
    retry: false,
  });
}
