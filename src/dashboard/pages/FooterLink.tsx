// The link under a signed-out form (back to the login, or on to another step), centred below it.
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';

export function FooterLink({ to, label }: { to: string; label: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to={to}>
        {translate(label)}
      </Link>
    </Box>
  );
}
