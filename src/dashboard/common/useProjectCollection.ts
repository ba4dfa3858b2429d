// A project's own collection on one screen (API keys, webhooks and a webhook's deliveries): the
// rows loaded through the dataProvider on open and again after each change, adding one and taking
// one away with the screen's notices. A failed load shows "Something went wrong while getting …";
// a refused form answers its field errors, which the form shows at the fields.
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ApiHttpError } from '../providers/http';
import { useResultNotify } from '../useNotifications';

export interface CollectionNotices {
  /** Where the screen's verbs live (app.api_keys, app.webhooks). */
  verbs: string;
  word: { key: string };
}

/** Rows that `load` reads, loaded while `enabled` and again by `reload`; `key` names what changes. */
export function useLoadedRows<T>(
  load: (dataProvider: DashboardDataProvider) => Promise<T[]>,
  key: string,
  notices: CollectionNotices,
  enabled = true,
): { rows: T[] | null; reload: () => Promise<void> } {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { failure } = useResultNotify<string, string, string>({ verbs: notices.verbs });
  const [rows, setRows] = useState<T[] | null>(null);
  const reload = useCallback(async () => {
    try {
      setRows(await load(dataProvider));
    } catch (error) {
      failure(notices.word, 'getting', error);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load, failure and notices follow key
  }, [dataProvider, key]);
  useEffect(() => {
    if (enabled) void reload();
  }, [reload, enabled]);
  return { rows, reload };
}

/**
 * The project's `resource` (a react-admin resource under /projects/{pid}): its rows, `create`
 * (answers the new record, or the field errors of a refusal) and `remove` (`removed` names the
 * done and doing words of the notice: deleted/deleting, revoked/revoking).
 */
export function useProjectCollection<T extends RaRecord>(
  resource: 'api-keys' | 'webhooks',
  projectId: string,
  notices: CollectionNotices,
  { enabled = true, removed = ['deleted', 'deleting'] as [string, string] } = {},
) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { success, failure } = useResultNotify<string, string, string>({ verbs: notices.verbs });
  const meta = { projectId };
  const { rows, reload } = useLoadedRows(
    async (provider) => (await provider.getList<T>(resource, { meta })).data,
    `${resource}:${projectId}`,
    notices,
    enabled,
  );
  const create = async (
    data: Record<string, unknown>,
  ): Promise<{ record?: T; errors?: Record<string, string> }> => {
    try {
      const { data: record } = await dataProvider.create<T>(resource, { data, meta });
      success(notices.word, 'created');
      await reload();
      return { record };
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 422) {
        return { errors: error.body.errors };
      }
      failure(notices.word, 'creating', error);
      return {};
    }
  };
  const remove = async (id: string) => {
    try {
      await dataProvider.delete(resource, { id, meta });
      success(notices.word, removed[0]);
      await reload();
    } catch (error) {
      failure(notices.word, removed[1], error);
    }
  };
  return { rows, reload, create, remove };
}
