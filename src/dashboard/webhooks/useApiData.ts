// A project screen's data from one API path, loaded on open and again after each change; a
// failure shows the screen's "Something went wrong while getting …" notice.
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../providers/http';
import { useResultNotify } from '../useNotifications';

export function useApiData<T>(
  path: string,
  notice: { verbs: string; word: { key: string } },
  options: { enabled?: boolean; query?: Record<string, string | number> } = {},
): { data: T | null; reload: () => Promise<void> } {
  const { enabled = true, query } = options;
  const { failure } = useResultNotify<string, string, string>({ verbs: notice.verbs });
  const [data, setData] = useState<T | null>(null);
  const queryKey = JSON.stringify(query ?? {});
  const reload = useCallback(async () => {
    try {
      const { json } = await apiRequest<{ data: T }>(path, { query: JSON.parse(queryKey) });
      setData(json.data);
    } catch (error) {
      failure(notice.word, 'getting', error);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- failure and notice are stable in use
  }, [path, queryKey]);
  useEffect(() => {
    if (enabled) void reload();
  }, [reload, enabled]);
  return { data, reload };
}
