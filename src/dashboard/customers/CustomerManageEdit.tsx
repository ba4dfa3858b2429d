// /customer/:id/manage (admins): plan limits (-1 = unlimited) beside the customer's usage.
import { useParams } from 'react-router-dom';
import { Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Form,
  Loading,
  NumberInput,
  Title,
  useDataProvider,
  useGetOne,
  useLocale,
  useTranslate,
} from 'react-admin';
import { formatLocale } from '../../shared/locale';
import type { Customer, CustomerLimits } from '../../shared/schemas/customer';
import { customerLimitsSchema } from '../../shared/schemas/customer';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { SaveToolbar } from '../forms/SaveToolbar';
import { submitForm } from '../forms/submitForm';
import { UsageList } from '../usage/UsageList';
import { useResultNotify } from '../useNotifications';
import { CustomerTabs } from './CustomerTabs';
import { validateLimits } from './customerValidation';

const LIMIT_FIELDS = ['maxQrCodes', 'maxScans', 'maxStorage', 'maxUsers', 'maxShortLinks'] as const;

export function CustomerManageEdit() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const queryClient = useQueryClient();
  const { success, failure } = useResultNotify();
  const { data: customer, isPending } = useGetOne<Customer>('customers', { id });
  const { data: status } = useQuery({
    queryKey: ['customers', 'status', id],
    queryFn: async () => (await dataProvider.getStatus('customers', { id })).data,
    retry: false,
  });
  if (isPending || !customer) return <Loading />;

  const submit = (values: Record<string, unknown>) =>
    submitForm(
      async () => {
        const limits: CustomerLimits = customerLimitsSchema.parse({
          ...values,
          trialEndAt: values.trialEndAt || undefined,
        });
        await dataProvider.updateCustomerLimits(id, limits);
        await queryClient.invalidateQueries({ queryKey: ['customers'] });
        success('limits', 'saved');
      },
      (error) => failure('limits', 'saving', error),
    );

  return (
    <>
      <CustomerTabs id={id} />
      <Title title={translate('app.customers.manage_title', { name: customer.name })} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardHeader
              title={translate('app.customers.manage_title', { name: customer.name })}
              subheader={translate('app.customers.unlimited_hint')}
            />
            <CardContent>
              <Form
                onSubmit={submit}
                validate={validateLimits}
                mode="onChange"
                defaultValues={{
                  ...customer.limits,
                  trialEndAt: customer.progress?.trialEndAt ?? undefined,
                }}
                resource="customers"
              >
                {LIMIT_FIELDS.map((field) => (
                  <NumberInput key={field} source={field} min={-1} step={1} fullWidth />
                ))}
                <SaveToolbar />
              </Form>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardHeader title={translate('app.projects.usage')} />
            <CardContent>
              {status ? <UsageList status={status} /> : null}
              {customer.progress?.trialEndAt && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  {translate('app.customers.trial_ends')}:{' '}
                  {new Date(customer.progress.trialEndAt).toLocaleDateString(formatLocale(locale))}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
