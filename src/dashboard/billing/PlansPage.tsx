// /plans (platform admins): the plans on offer, each with its monthly price in cents (the yearly
// one follows, 10 % off), limits and support level; add, change or stop offering one.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loading, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { formatMoney, yearlyPriceCents } from '../../shared/billing';
import { SUPPORT_LEVELS, USAGE_KEYS } from '../../shared/enums';
import { planInputSchema, type Plan, type PlanInput } from '../../shared/schemas/billing';
import { zodErrorToApiErrors } from '../../shared/validation';
import { ApiHttpError, toFieldErrors, type FieldError } from '../providers/http';
import { PageHeading } from '../forms/PageHeading';
import { billingKeys, usePlans } from './billingQueries';

const EMPTY: PlanInput = {
  name: '',
  priceMonthCents: 195,
  limits: { qrCodes: 10, scans: 10_000, storage: 100_000_000, users: 2, shortLinks: 10 },
  supportLevel: 'basic',
};

function PlanCard({ plan }: { plan: Plan | null }) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const [values, setValues] = useState<PlanInput>(plan ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const done = async (message: string) => {
    setErrors({});
    notify(message, { type: 'success' });
    if (!plan) setValues(EMPTY);
    await queryClient.invalidateQueries({ queryKey: billingKeys.plans });
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiHttpError) setErrors(toFieldErrors(error.body.apiErrors));
  };
  const save = useMutation({
    mutationFn: (input: PlanInput) =>
      plan
        ? dataProvider.update('plans', { id: plan.id, data: input, previousData: plan })
        : dataProvider.create('plans', { data: input }),
    onSuccess: () => done('app.billing.plans.saved'),
    onError,
  });
  const archive = useMutation({
    mutationFn: () => dataProvider.delete('plans', { id: plan!.id, previousData: plan! }),
    onSuccess: () => done('app.billing.plans.archived'),
    onError,
  });
  const submit = () => {
    const parsed = planInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(toFieldErrors(zodErrorToApiErrors(parsed.error)));
    save.mutate(parsed.data);
  };
  const field = (path: string, label: string, value: string | number, set: (v: string) => void) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      error={!!errors[path]}
      helperText={errors[path] ? translate(errors[path].message, errors[path].args) : ' '}
    />
  );
  const cents = Number(values.priceMonthCents) || 0;
  return (
    <Card data-testid="plan-card">
      <CardHeader
        title={plan ? plan.name : translate('app.billing.plans.new')}
        subheader={`${formatMoney(cents, locale)} · ${formatMoney(yearlyPriceCents(cents), locale)}`}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent>
        <Grid container spacing={1}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('name', translate('app.billing.plans.name'), values.name, (name) =>
              setValues({ ...values, name }),
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            {field(
              'priceMonthCents',
              translate('app.billing.plans.price_month_cents'),
              values.priceMonthCents,
              (price) => setValues({ ...values, priceMonthCents: price as unknown as number }),
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={translate('app.billing.plans.support')}
              value={values.supportLevel}
              onChange={(event) =>
                setValues({
                  ...values,
                  supportLevel: event.target.value as PlanInput['supportLevel'],
                })
              }
            >
              {SUPPORT_LEVELS.map((level) => (
                <MenuItem key={level} value={level}>
                  {translate(`app.checkout.support.${level}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {USAGE_KEYS.map((key) => (
            <Grid key={key} size={{ xs: 6, sm: 'grow' }}>
              {field(`limits.${key}`, translate(`app.usage.${key}`), values.limits[key], (limit) =>
                setValues({
                  ...values,
                  limits: { ...values.limits, [key]: limit as unknown as number },
                }),
              )}
            </Grid>
          ))}
        </Grid>
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {translate(plan ? 'app.billing.plans.save' : 'app.billing.plans.add')}
        </Button>
        {plan && (
          <Button color="error" onClick={() => archive.mutate()} disabled={archive.isPending}>
            {translate('app.billing.plans.archive')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

export function PlansPage() {
  const translate = useTranslate();
  const plans = usePlans();
  if (plans.isPending) return <Loading />;
  if (!plans.data) return <Alert severity="error">{translate('app.checkout.load_error')}</Alert>;
  return (
    <Stack spacing={2} sx={{ mt: 1 }} data-testid="plans-page">
      <Box>
        <PageHeading title="app.billing.plans.title" />
        <Typography color="text.secondary">{translate('app.billing.plans.intro')}</Typography>
      </Box>
      {plans.data.map((plan) => (
        <PlanCard key={`${plan.id}-${JSON.stringify(plan)}`} plan={plan} />
      ))}
      <PlanCard plan={null} />
    </Stack>
  );
}
