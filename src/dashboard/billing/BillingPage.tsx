// The billing page (issue 10): the portal link's target for customer admins (/billing) and, for
// platform admins, a customer's subscription (/customer/:id/billing) where they mark invoices paid.
// Plan, period, next payment, payment method, cancel or resume, and the invoices as PDF.
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  Link,
  MenuItem,
  Stack,
  Table,
  TextField,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Loading,
  useDataProvider,
  useGetIdentity,
  useLocale,
  useNotify,
  useTranslate,
} from 'react-admin';
import { formatMoney } from '../../shared/billing';
import type { BillingOverview, Invoice } from '../../shared/schemas/billing';
import { useHasPermission } from '../useHasPermission';
import { ApiHttpError } from '../providers/http';
import { formatLocale } from '../../shared/locale';
import { invoicePdfUrl } from '../providers/accountMethods';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { PageHeading } from '../forms/PageHeading';
import { SectionCard } from '../forms/SectionCard';
import { billingKeys, usePlans } from './billingQueries';
import { ScanForecast } from '../usage/AccountUsage';

const STATE_COLOR = {
  trial: 'info',
  expired: 'error',
  active: 'success',
  canceling: 'warning',
  past_due: 'warning',
  canceled: 'error',
} as const;

function formatDay(iso: string, locale: string): string {
  return new Date(iso).toLocaleDateString(formatLocale(locale), { dateStyle: 'long' });
}

/** The customer this page is about: the path's (admins) or the signed-in customer admin's own. */
function useBillingCustomer(): string | null {
  const { id } = useParams();
  const { identity } = useGetIdentity();
  if (id) return id;
  return (identity?.customerId as string | null | undefined) ?? null;
}

function InvoiceTable({
  customerId,
  invoices,
  canMarkPaid,
}: {
  customerId: string;
  invoices: Invoice[];
  canMarkPaid: boolean;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const markPaid = useMutation({
    mutationFn: (invoiceId: string) => dataProvider.markInvoicePaid(customerId, invoiceId),
    onSuccess: async () => {
      notify('app.billing.marked_paid', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
    onError: (error) =>
      notify(error instanceof ApiHttpError ? error.message : 'app.billing.load_error', {
        type: 'error',
      }),
  });
  if (!invoices.length)
    return <Typography color="text.secondary">{translate('app.billing.no_invoices')}</Typography>;
  return (
    <Table size="small" data-testid="invoice-list">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.billing.invoice_number')}</TableCell>
          <TableCell>{translate('app.billing.invoice_date')}</TableCell>
          <TableCell align="right">{translate('app.billing.invoice_total')}</TableCell>
          <TableCell>{translate('app.billing.invoice_status')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id} data-testid="invoice-row" data-status={invoice.status}>
            <TableCell>{invoice.number}</TableCell>
            <TableCell>{formatDay(invoice.issuedAt, locale)}</TableCell>
            <TableCell align="right">{formatMoney(invoice.totalCents, locale)}</TableCell>
            <TableCell>{translate(`app.billing.invoice_states.${invoice.status}`)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Link
                href={invoicePdfUrl(customerId, invoice.id)}
                target="_blank"
                rel="noopener"
                data-testid="invoice-download"
              >
                {translate('app.billing.download')}
              </Link>
              {canMarkPaid && invoice.status === 'open' && (
                <Button
                  size="small"
                  sx={{ ml: 1 }}
                  disabled={markPaid.isPending}
                  onClick={() => markPaid.mutate(invoice.id)}
                  data-testid="invoice-mark-paid"
                >
                  {translate('app.billing.mark_paid')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function StateNote({ overview }: { overview: BillingOverview }) {
  const translate = useTranslate();
  const locale = useLocale();
  if (overview.pendingInvoiceId)
    return <Alert severity="info">{translate('app.billing.pending')}</Alert>;
  switch (overview.state) {
    case 'trial':
      return overview.trialEndAt ? (
        <Alert severity="info">
          {translate('app.billing.trial_ends', { date: formatDay(overview.trialEndAt, locale) })}
        </Alert>
      ) : null;
    case 'expired':
      return <Alert severity="error">{translate('app.billing.trial_ended')}</Alert>;
    case 'canceled':
      return <Alert severity="error">{translate('app.billing.canceled_note')}</Alert>;
    case 'canceling':
      return overview.currentPeriodEnd ? (
        <Alert severity="warning">
          {translate('app.billing.cancels_on', {
            date: formatDay(overview.currentPeriodEnd, locale),
          })}
        </Alert>
      ) : null;
    default:
      return null;
  }
}

/** A platform admin activates a plan for the customer without a payment. */
function DirectActivation({ customerId }: { customerId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [planId, setPlanId] = useState('');
  const [period, setPeriod] = useState<'month' | 'year'>('year');
  const activate = useMutation({
    mutationFn: () =>
      dataProvider.activateSubscription(customerId, { planId, billingPeriod: period }),
    onSuccess: async () => {
      notify('app.billing.plans.activated', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
    onError: (error) =>
      notify(error instanceof ApiHttpError ? error.message : 'app.billing.load_error', {
        type: 'error',
      }),
  });
  return (
    <SectionCard
      title={translate('app.billing.plans.activate')}
      action={
        <Button component={RouterLink} to="/plans">
          {translate('app.billing.plans.title')}
        </Button>
      }
      contentSx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
      testId="billing-direct-activation"
    >
      <TextField
        select
        size="small"
        sx={{ minWidth: 200 }}
        label={translate('app.billing.plan')}
        value={planId}
        onChange={(event) => setPlanId(event.target.value)}
      >
        {(plans.data ?? []).map((plan) => (
          <MenuItem key={plan.id} value={plan.id}>
            {plan.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={translate('app.billing.period')}
        value={period}
        onChange={(event) => setPeriod(event.target.value as 'month' | 'year')}
      >
        <MenuItem value="month">{translate('app.billing.monthly')}</MenuItem>
        <MenuItem value="year">{translate('app.billing.yearly')}</MenuItem>
      </TextField>
      <Button
        variant="contained"
        disabled={!planId || activate.isPending}
        onClick={() => activate.mutate()}
      >
        {translate('app.billing.plans.activate_button')}
      </Button>
    </SectionCard>
  );
}

export function BillingPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // What the page offers follows the keys of the calls behind it (SPEC §6), not the role's name.
  const mayOrder = useHasPermission('SubscriptionOrder');
  const canMarkPaid = useHasPermission('InvoiceUpdate');
  const mayActivateDirectly = useHasPermission('CustomerLimitsUpdate');
  const customerId = useBillingCustomer();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const overview = useQuery({
    queryKey: billingKeys.overview(customerId ?? ''),
    queryFn: () => dataProvider.getBilling(customerId!),
    enabled: !!customerId,
    retry: false,
  });
  const invoices = useQuery({
    queryKey: billingKeys.invoices(customerId ?? ''),
    queryFn: () => dataProvider.getInvoices(customerId!),
    enabled: !!customerId,
    retry: false,
  });
  const setCancel = useMutation({
    mutationFn: (cancel: boolean) => dataProvider.setSubscriptionCancel(customerId!, cancel),
    onSuccess: async (_data, cancel) => {
      setConfirmCancel(false);
      notify(cancel ? 'app.billing.canceled_done' : 'app.billing.reactivated_done', {
        type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
    onError: (error) =>
      notify(error instanceof ApiHttpError ? error.message : 'app.billing.load_error', {
        type: 'error',
      }),
  });
  const portal = useMutation({
    mutationFn: () => dataProvider.getBillingPortalUrl(customerId!),
    onSuccess: (url) => {
      if (url) window.location.assign(url);
    },
  });

  if (!customerId || overview.isPending) return <Loading />;
  if (overview.error || !overview.data)
    return <Alert severity="error">{translate('app.billing.load_error')}</Alert>;
  const data = overview.data;
  const canChoosePlan = mayOrder && !data.pendingInvoiceId;
  const period = data.billingPeriod
    ? translate(data.billingPeriod === 'year' ? 'app.billing.yearly' : 'app.billing.monthly')
    : translate('app.billing.none');

  return (
    <Stack spacing={2} sx={{ mt: 1 }} data-testid="billing-page" data-state={data.state}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <PageHeading title="app.billing.title" />
        <Chip
          color={STATE_COLOR[data.state]}
          label={translate(`app.billing.state.${data.state}`)}
          data-testid="billing-state"
        />
      </Box>
      <StateNote overview={data} />
      <ScanForecast customerId={customerId} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SectionCard title={translate('app.billing.plan')} sx={{ height: '100%' }}>
            <Grid container spacing={1}>
              {[
                ['app.billing.plan', data.plan?.name ?? translate('app.billing.none')],
                ['app.billing.period', period],
                [
                  'app.billing.current_period_end',
                  data.currentPeriodEnd
                    ? formatDay(data.currentPeriodEnd, locale)
                    : translate('app.billing.none'),
                ],
                [
                  'app.billing.next_payment',
                  data.nextPayment
                    ? translate('app.billing.next_payment_value', {
                        amount: formatMoney(data.nextPayment.totalCents, locale),
                        date: formatDay(data.nextPayment.at, locale),
                      })
                    : translate('app.billing.none'),
                ],
              ].map(([label, value]) => (
                <Grid key={label} size={{ xs: 12, sm: 6 }}>
                  <Typography variant="body2" color="text.secondary">
                    {translate(label)}
                  </Typography>
                  <Typography data-testid={`billing-${label.split('.').pop()}`}>{value}</Typography>
                </Grid>
              ))}
            </Grid>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
              {canChoosePlan && (
                <Button
                  component={RouterLink}
                  to="/checkout"
                  variant="contained"
                  data-testid="billing-choose-plan"
                >
                  {translate(
                    data.plan && data.state !== 'canceled'
                      ? 'app.billing.change_plan'
                      : 'app.billing.choose_plan',
                  )}
                </Button>
              )}
              {(data.state === 'active' || data.state === 'past_due') && (
                <Button
                  color="error"
                  onClick={() => setConfirmCancel(true)}
                  data-testid="billing-cancel"
                >
                  {translate('app.billing.cancel')}
                </Button>
              )}
              {data.state === 'canceling' && (
                <Button
                  variant="outlined"
                  disabled={setCancel.isPending}
                  onClick={() => setCancel.mutate(false)}
                  data-testid="billing-reactivate"
                >
                  {translate('app.billing.reactivate')}
                </Button>
              )}
            </Box>
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SectionCard title={translate('app.billing.payment_method')} sx={{ height: '100%' }}>
            <Typography color="text.secondary">
              {translate(
                data.provider === 'stripe' ? 'app.billing.card' : 'app.billing.bank_transfer',
              )}
            </Typography>
            {data.hasPaymentPortal && mayOrder && (
              <Button
                sx={{ mt: 2 }}
                variant="outlined"
                disabled={portal.isPending}
                onClick={() => portal.mutate()}
                data-testid="billing-portal"
              >
                {translate('app.billing.manage_payment')}
              </Button>
            )}
          </SectionCard>
        </Grid>
      </Grid>
      <SectionCard title={translate('app.billing.invoices')} contentSx={{ overflowX: 'auto' }}>
        {invoices.data ? (
          <InvoiceTable
            customerId={customerId}
            invoices={invoices.data}
            canMarkPaid={canMarkPaid}
          />
        ) : (
          <Loading />
        )}
      </SectionCard>
      {mayActivateDirectly && <DirectActivation customerId={customerId} />}
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)}>
        <DialogTitle>{translate('app.billing.cancel_confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('app.billing.cancel_confirm', {
              date: data.currentPeriodEnd ? formatDay(data.currentPeriodEnd, locale) : '',
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmCancel(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            disabled={setCancel.isPending}
            onClick={() => setCancel.mutate(true)}
            data-testid="billing-cancel-confirm"
          >
            {translate('app.billing.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
