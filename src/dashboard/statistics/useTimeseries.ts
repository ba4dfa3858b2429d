// GET /analytics/timeseries for a project or one of its items, cached per range by react-query.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Timeseries } from '../../shared/statsAggregation';
import { apiRequest } from '../providers/http';
import type { DateRange } from './ranges';

export interface TimeseriesParams extends DateRange {
  projectId: string;
  itemId?: string;
}

export async function fetchTimeseries(params: TimeseriesParams): Promise<Timeseries> {
  const { json } = await apiRequest<Timeseries>('/analytics/timeseries', {
    query: {
      projectId: params.projectId,
      itemId: params.itemId,
      from: params.from,
      to: params.to,
    },
  });
  return json;
}

export function useTimeseries(params: TimeseriesParams | null) {
  return useQuery({
    queryKey: ['analytics', 'timeseries', params],
    queryFn: () => fetchTimeseries(params!),
    enabled: params !== null,
    // Switching ranges keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
