// /404 and /error (no-nav, no login).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NoNavLayout } from '../layout/NoNavLayout';
import { PAYMENT_REQUIRED_REASON } from '../providers/http';
import { knownSelf } from '../providers/authProvider';
import { ACCESS_RULES, allows } from '../access';
import { API_ERROR_CODES, apiErrorKey, type ApiErrorCode } from '../../shared/errors';
import type { Role } from '../../shared/enums';

/** The role this tab already knows (no call: /error is public and makes no authenticated call). */
function useKnownRole(): Role | null {
  const [role, setRole] = useState<Role | null>(null);
  useEffect(() => {
    let live = true;
    knownSelf()
      ?.then((self) => live && setRole(self.role))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return role;
}

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <NoNavLayout title={translate('app.not_found.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.not_found.message')}
      </Typography>
      <Button component={RouterLink} to="/projects" variant="contained">
        {translate('app.not_found.back')}
      </Button>
    </NoNavLayout>
  );
}

/**
 * /error: after a 402 it names the real reason (the API's code: the trial ended, the subscription
 * was canceled), with a button to checkout for whoever may order (the customer admin) and, for
 * everyone else, whom to ask; otherwise a plain apology.
 */
export function ErrorPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const role = useKnownRole();
  const isSubscription = params.get('reason') === PAYMENT_REQUIRED_REASON;
  const mayCheckout = isSubscription && allows(role, ACCESS_RULES['checkout.list']);
  const code = params.get('code');
  const knownCode = code && API_ERROR_CODES.includes(code as ApiErrorCode) ? code : null;
  const message = !isSubscription
    ? translate('app.error_page.message')
    : knownCode
      ? translate('app.error_page.reason_message', {
          reason: translate(apiErrorKey(knownCode)),
        })
      : translate('app.error_page.subscription_message');
  return (
    <NoNavLayout title={translate('app.error_page.title')}>
      <Typography
        color="text.secondary"
        sx={{ mb: 2 }}
        data-testid="error-page-message"
        data-code={knownCode ?? undefined}
      >
        {message}
      </Typography>
      {isSubscription && !mayCheckout && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="error-page-ask-admin">
          {translate('app.error_page.ask_admin')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mayCheckout && (
          <Button
            component={RouterLink}
            to="/checkout"
            variant="contained"
            data-testid="error-page-checkout"
          >
            {translate('app.error_page.checkout')}
          </Button>
        )}
        <Button component={RouterLink} to="/projects" variant={mayCheckout ? 'text' : 'contained'}>
          {translate('app.error_page.back')}
        </Button>
      </Box>
    </NoNavLayout>
  );
}
