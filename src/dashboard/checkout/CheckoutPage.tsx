// Checkout (issue 10, SPEC §2): /checkout lists the plans; /checkout/{name}/{planId} walks through
// monthly or yearly → consumer or business (company name and VAT number) → payment; and
// /checkout/{name}/{planId}/activated thanks the customer. Progress survives a reload.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loading, useDataProvider, useLocale, useTranslate } from 'react-admin';
import {
  formatMoney,
  fromPriceCents,
  planSlug,
  priceOf,
  yearlySavingCents,
} from '../../shared/billing';
import { UNLIMITED } from '../../shared/constants';
import { USAGE_KEYS } from '../../shared/enums';
import { abbreviateCount, formatStorage } from '../../shared/rules';
import {
  activateSchema,
  type ActivateInput,
  type Activation,
  type Plan,
} from '../../shared/schemas/billing';
import { zodErrorToApiErrors } from '../../shared/validation';
import { ApiHttpError, toFieldErrors, type FieldError } from '../providers/http';
import { usePlans } from '../billing/billingQueries';
import { PageHeading } from '../forms/PageHeading';
import type { DashboardDataProvider } from '../providers/dataProvider';
import {
  CHECKOUT_STEPS,
  clearProgress,
  loadProgress,
  saveProgress,
  type CheckoutProgress,
} from './checkoutProgress';
import { checkoutPath } from './checkoutPaths';
import { RadioChoice } from './RadioChoice';

const CUSTOMER_TYPES = ['consumer', 'business'] as const;

function PlanLimits({ plan }: { plan: Plan }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <List dense disablePadding>
      {USAGE_KEYS.map((key) => {
        const value = plan.limits[key];
        const count =
          value === UNLIMITED
            ? translate('app.checkout.unlimited')
            : key === 'storage'
              ? formatStorage(value, locale)
              : key === 'scans'
                ? abbreviateCount(value, locale)
                : value.toLocaleString(locale);
        return (
          <ListItem key={key} disableGutters sx={{ py: 0.25 }}>
            {translate(`app.checkout.limits.${key}`, { count })}
          </ListItem>
        );
      })}
      <ListItem disableGutters sx={{ py: 0.25 }}>
        {translate(`app.checkout.support.${plan.supportLevel}`)}
      </ListItem>
    </List>
  );
}

/** /checkout: every plan, cheapest first, with "from €1,95 per month". */
export function CheckoutPlansPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const plans = usePlans();
  if (plans.isPending) return <Loading />;
  if (plans.error || !plans.data)
    return <Alert severity="error">{translate('app.checkout.load_error')}</Alert>;
  return (
    <Stack spacing={2} sx={{ mt: 1 }} data-testid="checkout-plans">
      <Box>
        <PageHeading title="app.checkout.title" />
        <Typography color="text.secondary" data-testid="checkout-from">
          {translate('app.checkout.from_price', {
            price: formatMoney(fromPriceCents(plans.data), locale),
          })}
          {' · '}
          {translate('app.checkout.excl_vat')}
        </Typography>
      </Box>
      <Grid container spacing={2}>
        {plans.data.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h6" component="h2">
                  {plan.name}
                </Typography>
                <Typography variant="h5" component="p" sx={{ my: 1 }}>
                  {translate('app.checkout.per_month', {
                    price: formatMoney(plan.priceMonthCents, locale),
                  })}
                </Typography>
                <PlanLimits plan={plan} />
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={checkoutPath(plan)}
                  variant="contained"
                  fullWidth
                  data-testid={`checkout-choose-${planSlug(plan.name)}`}
                >
                  {translate('app.checkout.choose')}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

type OrderState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'placed'; activation: Extract<Activation, { provider: 'manual' }> }
  | { status: 'error'; fieldErrors: Record<string, FieldError> };

/** /checkout/{name}/{planId}: period → customer → payment. */
export function CheckoutPlanPage() {
  const { planId = '' } = useParams();
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [progress, setProgressState] = useState<CheckoutProgress>(() => loadProgress(planId));
  const [order, setOrder] = useState<OrderState>({ status: 'idle' });
  const setProgress = (next: Partial<CheckoutProgress>) => {
    const merged = { ...progress, ...next };
    saveProgress(planId, merged);
    setProgressState(merged);
  };
  const place = useMutation({
    mutationFn: (order: ActivateInput) => dataProvider.activatePlan(order),
    onMutate: () => setOrder({ status: 'saving' }),
    onSuccess: async (activation) => {
      clearProgress(planId);
      if (activation.provider === 'stripe') {
        window.location.assign(activation.url);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
      setOrder({ status: 'placed', activation });
    },
    onError: (error) => {
      const fieldErrors =
        error instanceof ApiHttpError
          ? toFieldErrors(error.body.apiErrors)
          : { root: { message: 'app.checkout.load_error', args: {} } };
      setOrder({ status: 'error', fieldErrors });
      // A company name or VAT number problem is fixed on the step that asks for them.
      if (fieldErrors.companyName || fieldErrors.vatNumber) setProgress({ step: 'customer' });
    },
  });

  if (plans.isPending) return <Loading />;
  const plan = plans.data?.find((candidate) => candidate.id === planId);
  if (!plan)
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/checkout" color="inherit">
            {translate('app.checkout.back')}
          </Button>
        }
      >
        {translate('app.checkout.plan_missing')}
      </Alert>
    );

  const fieldErrors = order.status === 'error' ? order.fieldErrors : {};
  const errorText = (field: string) => {
    const error = fieldErrors[field];
    return error ? translate(error.message, error.args) : undefined;
  };
  const money = (cents: number) => formatMoney(cents, locale);
  /** A business's required detail, with the server's (or the schema's) refusal under it. */
  const businessField = (field: 'companyName' | 'vatNumber', label: string, testId: string) => (
    <TextField
      label={translate(label)}
      value={progress[field]}
      onChange={(event) => setProgress({ [field]: event.target.value })}
      error={!!errorText(field)}
      helperText={errorText(field)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
      required
    />
  );
  const price = priceOf(plan, progress.billingPeriod);
  const body = {
    planId: plan.id,
    billingPeriod: progress.billingPeriod,
    customerType: progress.customerType,
    companyName: progress.customerType === 'business' ? progress.companyName : null,
    vatNumber: progress.customerType === 'business' ? progress.vatNumber : null,
  };
  const goToPayment = () => {
    // The same schema the server checks with: a missing company name shows here, at the field.
    const parsed = activateSchema.safeParse(body);
    if (!parsed.success) {
      setOrder({ status: 'error', fieldErrors: toFieldErrors(zodErrorToApiErrors(parsed.error)) });
      return;
    }
    setOrder({ status: 'idle' });
    setProgress({ step: 'payment' });
  };

  if (order.status === 'placed')
    return (
      <Stack spacing={2} sx={{ mt: 1 }} data-testid="checkout-placed">
        <PageHeading title="app.checkout.title" heading={translate('app.checkout.order_placed')} />
        <Alert severity="info">{translate('app.checkout.bank_transfer')}</Alert>
        <Box>
          <Button
            component={RouterLink}
            to="/billing"
            variant="contained"
            data-testid="checkout-to-billing"
          >
            {translate('app.checkout.to_billing')}
          </Button>
        </Box>
      </Stack>
    );

  const stepIndex = CHECKOUT_STEPS.indexOf(progress.step);
  return (
    <Stack
      spacing={2}
      sx={{ mt: 1, maxWidth: 720 }}
      data-testid="checkout-plan"
      data-step={progress.step}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <PageHeading title="app.checkout.title" heading={plan.name} />
        <Chip label={translate('app.checkout.excl_vat')} size="small" />
      </Box>
      <Stepper activeStep={stepIndex} alternativeLabel>
        {CHECKOUT_STEPS.map((step) => (
          <Step key={step}>
            <StepLabel>{translate(`app.checkout.steps.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {fieldErrors.root || fieldErrors.planId ? (
        <Alert severity="error" data-testid="checkout-error">
          {errorText('planId') ?? errorText('root')}
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          {progress.step === 'period' && (
            <RadioChoice
              id="checkout-period"
              label={translate('app.checkout.steps.period')}
              value={progress.billingPeriod}
              onChange={(billingPeriod) => setProgress({ billingPeriod })}
              options={[
                {
                  value: 'month',
                  label: `${translate('app.checkout.monthly')}: ${translate('app.checkout.per_month', { price: money(plan.priceMonthCents) })}`,
                  testId: 'checkout-period-month',
                },
                {
                  value: 'year',
                  label: `${translate('app.checkout.yearly')}: ${translate('app.checkout.per_year', { price: money(plan.priceYearCents) })} (${translate('app.checkout.saving', { amount: money(yearlySavingCents(plan.priceMonthCents)) })})`,
                  testId: 'checkout-period-year',
                },
              ]}
            />
          )}
          {progress.step === 'customer' && (
            <Stack spacing={2}>
              <RadioChoice
                id="checkout-customer-type"
                label={translate('app.checkout.customer_type')}
                row
                value={progress.customerType}
                onChange={(customerType) => setProgress({ customerType })}
                options={CUSTOMER_TYPES.map((type) => ({
                  value: type,
                  label: translate(`app.checkout.${type}`),
                  testId: `checkout-${type}`,
                }))}
              />
              {progress.customerType === 'business' && (
                <>
                  {businessField(
                    'companyName',
                    'app.checkout.company_name',
                    'checkout-company-name',
                  )}
                  {businessField('vatNumber', 'app.checkout.vat_number', 'checkout-vat-number')}
                </>
              )}
            </Stack>
          )}
          {progress.step === 'payment' && (
            <Typography data-testid="checkout-summary">
              {translate('app.checkout.summary', {
                plan: plan.name,
                period: translate(
                  progress.billingPeriod === 'year'
                    ? 'app.checkout.yearly'
                    : 'app.checkout.monthly',
                ),
                price: money(price),
              })}
            </Typography>
          )}
        </CardContent>
        <CardActions sx={{ justifyContent: 'space-between' }}>
          <Button
            onClick={() =>
              progress.step === 'period'
                ? navigate('/checkout')
                : setProgress({ step: CHECKOUT_STEPS[stepIndex - 1] as CheckoutProgress['step'] })
            }
            data-testid="checkout-back"
          >
            {translate('app.checkout.back')}
          </Button>
          {progress.step === 'payment' ? (
            <Button
              variant="contained"
              disabled={order.status === 'saving'}
              onClick={() => place.mutate(body)}
              data-testid="checkout-pay"
            >
              {translate(order.status === 'saving' ? 'app.checkout.placing' : 'app.checkout.pay')}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() =>
                progress.step === 'customer' ? goToPayment() : setProgress({ step: 'customer' })
              }
              data-testid="checkout-next"
            >
              {translate('app.checkout.next')}
            </Button>
          )}
        </CardActions>
      </Card>
    </Stack>
  );
}

/** /checkout/{name}/{planId}/activated: where the payment page returns to. */
export function CheckoutActivatedPage() {
  const { planId = '' } = useParams();
  const translate = useTranslate();
  const plans = usePlans();
  const plan = plans.data?.find((candidate) => candidate.id === planId);
  return (
    <Stack spacing={2} sx={{ mt: 1 }} data-testid="checkout-activated">
      <PageHeading title="app.checkout.title" heading={translate('app.checkout.activated_title')} />
      <Typography>
        {translate('app.checkout.activated_message', { plan: plan?.name ?? '' })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button component={RouterLink} to="/billing" variant="contained">
          {translate('app.checkout.to_billing')}
        </Button>
        <Button component={RouterLink} to="/projects">
          {translate('app.checkout.to_projects')}
        </Button>
      </Box>
    </Stack>
  );
}
