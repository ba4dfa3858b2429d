// What the accounts and invitations screens (issue 9) share: their calls through the dataProvider,
// the customer's projects, the rows with the seats, and how refusals are shown:
// a guard's own code (cannot_delete_self, last_customeradmin_remove, user_limit_reached…) says
// its translated message instead of a generic failure.
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import type { Seats } from '../../../shared/schemas/invitation';
import type { DashboardDataProvider } from '../../providers/dataProvider';
import { apiErrorCodeOf } from '../../useNotifications';
import { formatLocale } from '../../../shared/locale';
import { usePeopleContext } from './UsersSettingsLayout';

/** The dataProvider, typed with the people calls (providers/accountMethods.ts). */
export const usePeopleApi = () => useDataProvider<DashboardDataProvider>();

/** The customer's projects by name, to grant an account or an invitation; null while loading. */
export function useCustomerProjects(customerId: string) {
  const dataProvider = usePeopleApi();
  const [projects, setProjects] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    void dataProvider.getCustomerProjects(customerId).then(setProjects, () => setProjects([]));
  }, [dataProvider, customerId]);
  return projects;
}

/** What a failed call says: the API's own reason when it gave one, else a generic sentence. */
export function refusalMessage(error: unknown): string {
  const code = apiErrorCodeOf(error);
  const status = (error as { status?: number }).status ?? 0;
  if (status === 0) return 'app.notification.network_error';
  return code && code !== 'internal' ? `errors.api.${code}` : 'app.people.failed';
}

/** Runs a change and says how it went: the API's own reason when it refused, else a generic one. */
export function usePeopleAction(reload: () => Promise<void>) {
  const notify = useNotify();
  return useCallback(
    async (work: () => Promise<unknown>, done: string) => {
      try {
        await work();
        notify(done, { type: 'success' });
      } catch (error) {
        notify(refusalMessage(error), { type: 'error' });
      }
      await reload();
    },
    [notify, reload],
  );
}

/**
 * A users screen's rows and the plan's seats, loaded for the customer the layout chose; `load`
 * reloads them and `act` runs a row's action (usePeopleAction).
 */
export function usePeopleList<K extends 'getAccounts' | 'getInvitations'>(list: K) {
  type Row = Awaited<ReturnType<DashboardDataProvider[K]>>['data'][number];
  const { customerId, selfId } = usePeopleContext();
  const dataProvider = usePeopleApi();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [seats, setSeats] = useState<Seats | null>(null);
  const load = useCallback(async () => {
    try {
      const body = await dataProvider[list](customerId);
      setRows(body.data);
      setSeats(body.meta.seats);
    } catch {
      setRows([]);
    }
  }, [dataProvider, list, customerId]);
  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);
  const act = usePeopleAction(load);
  return { customerId, selfId, rows, seats, load, act };
}

/** A moment in the interface language's format (glossary: nl-NL or en-GB); null reads "never". */
export function usePeopleDate() {
  const locale = useLocale();
  const translate = useTranslate();
  return (value: string | null) =>
    value
      ? new Date(value).toLocaleString(formatLocale(locale), {
          dateStyle: 'short',
          timeStyle: 'short',
        })
      : translate('app.people.never');
}
