// The start page's account side of the limits (issue 10): the customer's usage beside the
// project's, the scan banner for customer admins, the scan forecast, and the project limits a
// customer admin sets within the customer's.
import { useState } from 'react';
import { Alert, Box, Button, Grid, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocale, useNotify, usePermissions, useTranslate } from 'react-admin';
import { abbreviateCount, limitLevel, type LimitStatus } from '../../shared/rules';
import { projectLimitsSchema, type ProjectLimitsInput } from '../../shared/schemas/limits';
import { zodErrorToApiErrors } from '../../shared/validation';
import type { DashboardDataProvider } from '../providers/dataProvider';
import type { DashboardPermissions } from '../providers/authProvider';
import { ApiHttpError, toFieldErrors, type FieldError } from '../providers/http';
import { formatLocale } from '../../shared/locale';
import { SectionCard } from '../forms/SectionCard';

/** The customer's usage; customer admins only (plain users do not see the account's figures). */
export function useCustomerStatus(customerId: string | undefined) {
  const { permissions } = usePermissions<DashboardPermissions>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  return useQuery({
    queryKey: ['customers', 'status', customerId],
    queryFn: async () => (await dataProvider.getStatus('customers', { id: customerId! })).data,
    enabled: !!customerId && permissions?.role === 'customeradmin',
    retry: false,
  });
}

/** SPEC §4 at the account: 80 % warns, 100 % says the limit is reached (scans never stop). */
export function ScanBanner({ status }: { status: LimitStatus }) {
  const locale = useLocale();
  const translate = useTranslate();
  const level = limitLevel(status.used.scans, status.total.scans);
  if (level === 'info') return null;
  const values = {
    used: abbreviateCount(status.used.scans, locale),
    total: abbreviateCount(status.total.scans, locale),
  };
  return (
    <Alert severity={level} data-testid="scan-banner" data-level={level}>
      {translate(level === 'error' ? 'app.usage.scan_reached' : 'app.usage.scan_warning', values)}
    </Alert>
  );
}

export function ScanForecast({ customerId }: { customerId: string | undefined }) {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { data } = useQuery({
    queryKey: ['customers', 'usage-forecast', customerId],
    queryFn: () => dataProvider.getUsageForecast(customerId!),
    enabled: !!customerId,
    retry: false,
  });
  if (!data?.scanLimitReachedAt) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="scan-forecast">
      {translate('app.usage.forecast', {
        date: new Date(data.scanLimitReachedAt).toLocaleDateString(formatLocale(locale), {
          dateStyle: 'long',
        }),
      })}
    </Typography>
  );
}

const LIMIT_FIELDS = ['maxQrCodes', 'maxScans', 'maxStorage', 'maxShortLinks'] as const;

/** A customer admin limits this project within the account's limits (-1 shares them). */
export function ProjectLimitsCard({
  projectId,
  status,
}: {
  projectId: string;
  status: LimitStatus;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { permissions } = usePermissions<DashboardPermissions>();
  const [values, setValues] = useState<Record<(typeof LIMIT_FIELDS)[number], string>>({
    maxQrCodes: String(status.total.qrCodes),
    maxScans: String(status.total.scans),
    maxStorage: String(status.total.storage),
    maxShortLinks: String(status.total.shortLinks),
  });
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const save = useMutation({
    mutationFn: (input: ProjectLimitsInput) => dataProvider.updateProjectLimits(projectId, input),
    onSuccess: async () => {
      setErrors({});
      notify('app.usage.limits_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['projects', 'status', projectId] });
    },
    onError: (error) => {
      if (error instanceof ApiHttpError) setErrors(toFieldErrors(error.body.apiErrors));
    },
  });
  if (permissions?.role !== 'customeradmin') return null;
  const submit = () => {
    const parsed = projectLimitsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(zodErrorToApiErrors(parsed.error)));
      return;
    }
    save.mutate(parsed.data);
  };
  return (
    <SectionCard
      title={translate('app.usage.project_limits')}
      subheader={translate('app.usage.project_limits_intro')}
      testId="project-limits"
    >
      <Grid container spacing={2}>
        {LIMIT_FIELDS.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              fullWidth
              type="number"
              label={translate(`app.usage.fields.${field}`)}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              error={!!errors[field]}
              helperText={
                errors[field] ? translate(errors[field].message, errors[field].args) : ' '
              }
              slotProps={{ htmlInput: { min: -1, 'data-testid': `project-limit-${field}` } }}
            />
          </Grid>
        ))}
      </Grid>
      <Box>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending}
          data-testid="project-limits-save"
        >
          {translate('app.usage.save_limits')}
        </Button>
      </Box>
    </SectionCard>
  );
}
