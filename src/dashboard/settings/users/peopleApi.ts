// The calls of the accounts and invitations screens (issue 9), and how their refusals are shown:
// a guard's own code (cannot_delete_self, last_customeradmin_remove, user_limit_reached…) says
// its translated message instead of a generic failure.
import { useCallback, useEffect, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import type {
  Account,
  Invitation,
  InvitationInput,
  Seats,
} from '../../../shared/schemas/invitation';
import type { Role } from '../../../shared/enums';
import { apiRequest } from '../../providers/http';
import { apiErrorCodeOf } from '../../useNotifications';

interface ListBody<T> {
  data: T[];
  meta: { total: number; seats: Seats };
}

export const peopleApi = {
  accounts: async (customerId: string) =>
    (
      await apiRequest<ListBody<Account>>(`/customers/${customerId}/accounts`, {
        query: { perPage: 500, sort: 'name', order: 'ASC' },
      })
    ).json,
  projects: async (customerId: string) =>
    (
      await apiRequest<{ data: { id: string; name: string }[] }>(
        `/customers/${customerId}/projects`,
        { query: { perPage: 500, sort: 'name', order: 'ASC' } },
      )
    ).json.data,
  setRole: (userId: string, role: Role) =>
    apiRequest(`/users/${userId}`, { method: 'PUT', body: { role } }),
  setActive: (userId: string, active: boolean) =>
    apiRequest(`/users/${userId}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' }),
  setProjects: (userId: string, projectIds: string[]) =>
    apiRequest(`/users/${userId}/projects`, { method: 'PUT', body: { projectIds } }),
  remove: (userId: string) => apiRequest(`/users/${userId}`, { method: 'DELETE' }),
  invitations: async (customerId: string) =>
    (await apiRequest<ListBody<Invitation>>(`/customers/${customerId}/invites`)).json,
  invite: (customerId: string, input: InvitationInput) =>
    apiRequest(`/customers/${customerId}/invites`, { method: 'POST', body: input }),
  resend: (customerId: string, id: string) =>
    apiRequest(`/customers/${customerId}/invites/${id}/resend`, { method: 'POST' }),
  revoke: (customerId: string, id: string) =>
    apiRequest(`/customers/${customerId}/invites/${id}`, { method: 'DELETE' }),
};

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

/** A users screen's rows and the plan's seats, loaded for the customer; `load` reloads them. */
export function usePeopleList<T>(
  fetchList: (customerId: string) => Promise<ListBody<T>>,
  customerId: string,
) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [seats, setSeats] = useState<Seats | null>(null);
  const load = useCallback(async () => {
    try {
      const body = await fetchList(customerId);
      setRows(body.data);
      setSeats(body.meta.seats);
    } catch {
      setRows([]);
    }
  }, [fetchList, customerId]);
  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);
  return { rows, seats, load };
}

/** A moment in the interface language's format (glossary: nl-NL or en-GB); null reads "never". */
export function usePeopleDate() {
  const locale = useLocale();
  const translate = useTranslate();
  return (value: string | null) =>
    value
      ? new Date(value).toLocaleString(locale === 'en' ? 'en-GB' : 'nl-NL', {
          dateStyle: 'short',
          timeStyle: 'short',
        })
      : translate('app.people.never');
}
