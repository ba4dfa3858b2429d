// The tags of the records on a list page, for lists whose API answers carry none (QR codes,
// Actions): one request per page, refreshed with the list.
import { useQuery } from '@tanstack/react-query';
import { useListContext } from 'react-admin';
import type { LabelItemType, LabelSummary } from '../../shared/schemas/label';
import { fetchItemLabels } from './bulkApi';

export function useItemLabels(
  projectId: string,
  itemType: LabelItemType,
): Record<string, LabelSummary[]> {
  const { data = [] } = useListContext();
  const ids = data.map((record) => String(record.id));
  const { data: labels = {} } = useQuery({
    queryKey: ['item-labels', projectId, itemType, ids],
    queryFn: () => fetchItemLabels(projectId, itemType, ids),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
    retry: false,
  });
  return labels;
}
