// The billing screens' query keys (issue 10), and the plans every one of them reads, loaded once
// through the dataProvider for the checkout, billing and plans screens.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';

export const billingKeys = {
  plans: ['plans'] as const,
  overview: (customerId: string) => ['customers', 'billing', customerId] as const,
  invoices: (customerId: string) => ['customers', 'invoices', customerId] as const,
};

export function usePlans() {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: () => dataProvider.getPlans(),
    retry: false,
  });
}
