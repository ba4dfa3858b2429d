// The "no-nav" layout (SPEC §2) of login, password and error pages: a centred card, no menu.
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Card, CardContent, Typography } from '@mui/material';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useTranslate } from 'react-admin';
import { ThemeToggle } from './ThemeToggle';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * On public pages the authProvider answers react-admin's session check without asking the server
 * (no 401 in the console); leaving one for a page behind the sign-in asks again for real.
 */
function useRecheckSessionOnLeave() {
  const queryClient = useQueryClient();
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: ['auth'] }), [queryClient]);
}

export function NoNavLayout({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  useRecheckSessionOnLeave();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', alignItems: 'center' }}>
        <LanguageSwitcher />
        <ThemeToggle />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}>
        <QrCodeIcon fontSize="large" />
        <Typography variant="h5" component="div" sx={{ fontWeight: 700 }}>
          {translate('app.name')}
        </Typography>
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
