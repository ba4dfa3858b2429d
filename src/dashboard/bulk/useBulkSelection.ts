// The selected records of a list, fetched when the selection reaches beyond the loaded page
// (react-admin's "select all" keeps ids of other pages).
import { useCallback } from 'react';
import { useDataProvider, useListContext, type RaRecord } from 'react-admin';

export function useSelectedRecords<R extends RaRecord>(projectId: string) {
  const { data = [], selectedIds, resource } = useListContext<R>();
  const dataProvider = useDataProvider();
  return useCallback(async (): Promise<R[]> => {
    const byId = new Map(data.map((record) => [String(record.id), record]));
    const missing = selectedIds.filter((id) => !byId.has(String(id)));
    if (missing.length > 0) {
      const { data: fetched } = await dataProvider.getMany<R>(resource, {
        ids: missing,
        meta: { projectId },
      });
      for (const record of fetched) byId.set(String(record.id), record);
    }
    return selectedIds.flatMap((id) => {
      const record = byId.get(String(id));
      return record ? [record] : [];
    });
  }, [data, selectedIds, resource, dataProvider, projectId]);
}
