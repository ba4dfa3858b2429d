// /404 and /error (no-nav, no login).
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NoNavLayout } from '../layout/NoNavLayout';
import { PAYMENT_REQUIRED_REASON } from '../providers/http';

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

/** /error: the subscription only when a 402 sent the user here, else a plain apology. */
export function ErrorPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const isSubscription = params.get('reason') === PAYMENT_REQUIRED_REASON;
  return (
    <NoNavLayout title={translate('app.error_page.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="error-page-message">
        {translate(
          isSubscription ? 'app.error_page.subscription_message' : 'app.error_page.message',
        )}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {isSubscription && (
          <Button component={RouterLink} to="/checkout" variant="contained">
            {translate('app.error_page.checkout')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to="/projects"
          variant={isSubscription ? 'text' : 'contained'}
        >
          {translate('app.error_page.back')}
        </Button>
      </Box>
    </NoNavLayout>
  );
}
