// The trial banner of SPEC §1/§4: a countdown and a "finish registration" button, for customer
// admins only, while the registration progress is not done.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { trialCountdown } from '../../shared/rules';
import type { DashboardDataProvider, TrialProgress } from '../providers/dataProvider';
import type { DashboardPermissions } from '../providers/authProvider';
import { ACCESS_RULES, allows } from '../access';

/** Pure view, so the countdown can be tested with any date. */
export function TrialBannerView({ progress, now }: { progress: TrialProgress; now: Date }) {
  const translate = useTranslate();
  if (progress.done || !progress.trialEndAt) return null;
  const countdown = trialCountdown(progress.trialEndAt, now);
  const text =
    countdown.unit === 'expired'
      ? translate('app.trial.expired')
      : translate(`app.trial.${countdown.unit}`, { smart_count: countdown.value });
  return (
    <Alert
      severity={countdown.unit === 'expired' ? 'error' : 'info'}
      data-testid="trial-banner"
      // On a phone the button goes under the text instead of pushing the page wider.
      sx={{
        mb: 1,
        borderRadius: 0,
        alignItems: 'center',
        flexWrap: 'wrap',
        '& .MuiAlert-message': { flex: '1 1 12rem', minWidth: 0 },
        '& .MuiAlert-action': { ml: 'auto', mr: 0 },
      }}
      action={
        <Button
          component={Link}
          to="/checkout"
          color="inherit"
          size="small"
          variant="outlined"
          data-testid="trial-finish"
        >
          {translate('app.trial.finish')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

export function TrialBanner() {
  const { permissions } = usePermissions<DashboardPermissions>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  // Progress loads for customeradmin and user (SPEC §6); the banner is for who may order.
  const loads = permissions?.role === 'customeradmin' || permissions?.role === 'user';
  const { data, error } = useQuery({
    queryKey: ['register', 'progress'],
    queryFn: async () => (await dataProvider.getProgress()).data,
    enabled: loads,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  useEffect(() => {
    if (error) {
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: translate('app.notification.doing.getting'),
          type: translate('app.notification.types.data'),
        },
      });
    }
  }, [error, notify, translate]);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60 * 1000);
    return () => clearInterval(timer);
  }, []);
  // The banner leads to checkout, so it shows exactly to whoever may open it (the customer admin).
  if (!allows(permissions?.role, ACCESS_RULES['checkout.list']) || !data) return null;
  return <TrialBannerView progress={data} now={now} />;
}
