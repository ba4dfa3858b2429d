// Storage left in the project and its customer (GET /projects/{pid}/status and
// /customers/{cid}/status), for the sizeProject / sizeCustomer check before an upload (SPEC §5).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { UNLIMITED } from '../../shared/constants';
import { remainingBytes, type RemainingStorage } from '../../shared/media';
import type { DashboardDataProvider } from '../providers/dataProvider';
import type { DashboardPermissions } from '../providers/authProvider';

const UNKNOWN: RemainingStorage = { project: UNLIMITED, customer: UNLIMITED };

export function useRemainingStorage(projectId: string | null | undefined): {
  remaining: RemainingStorage;
  isLoading: boolean;
  refetch: () => void;
} {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  // Regular users may not read their customer's status; the server still checks size_customer.
  const canSeeCustomer = !!permissions?.permissionKeys?.includes('CustomerView');
  const query = useQuery({
    queryKey: ['media', 'remainingStorage', projectId, canSeeCustomer],
    enabled: !!projectId && !!permissions,
    staleTime: 30_000,
    queryFn: async (): Promise<RemainingStorage> => {
      const pid = String(projectId);
      const [{ data: project }, { data: status }] = await Promise.all([
        dataProvider.getOne<{ id: string; customerId: string | null }>('projects', { id: pid }),
        dataProvider.getStatus('projects', { id: pid }),
      ]);
      let customer = UNLIMITED;
      if (project.customerId && canSeeCustomer) {
        const { data: customerStatus } = await dataProvider.getStatus('customers', {
          id: project.customerId,
        });
        customer = remainingBytes(customerStatus.used.storage, customerStatus.total.storage);
      }
      return { project: remainingBytes(status.used.storage, status.total.storage), customer };
    },
  });
  const { isError, refetch } = query;
  useEffect(() => {
    // SPEC §8: limit loading in the Action editor fails with the notice 'getting data'.
    if (isError) {
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: translate('app.notification.doing.getting'),
          type: translate('app.notification.types.data'),
        },
      });
    }
  }, [isError, notify, translate]);
  return {
    remaining: query.data ?? UNKNOWN,
    isLoading: query.isLoading,
    refetch: () => void refetch(),
  };
}
