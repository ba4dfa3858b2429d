// /404 and /error (no-nav, no login).
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NoNavLayout } from '../layout/NoNavLayout';

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

export function ErrorPage() {
  const translate = useTranslate();
  return (
    <NoNavLayout title={translate('app.error_page.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.error_page.message')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/checkout" variant="contained">
          {translate('app.error_page.checkout')}
        </Button>
        <Button component={RouterLink} to="/projects">
          {translate('app.error_page.back')}
        </Button>
      </Box>
    </NoNavLayout>
  );
}
