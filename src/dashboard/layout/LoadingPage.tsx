// Shown on authenticated routes until the current user has loaded (SPEC §1).
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function LoadingPage() {
  const translate = useTranslate();
  return (
    <Box
      role="progressbar"
      aria-label={translate('app.loading')}
      data-testid="app-loader"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '100vh',
        gap: 2,
      }}
    >
      <CircularProgress color="primary" />
      <Typography color="text.secondary">{translate('app.loading')}</Typography>
    </Box>
  );
}
