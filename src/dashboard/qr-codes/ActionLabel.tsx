// A QR code's Action as "name · type", or "inactive" when it has none (still printable).
import { Chip, Stack, Typography } from '@mui/material';
import { typeLabelKey } from '../actions/actionTypes';
import { useTranslate } from 'react-admin';
import type { QrCodeRecord } from './types';

export function ActionLabel({ action }: { action: QrCodeRecord['action'] }) {
  const translate = useTranslate();
  if (!action) {
    return (
      <Chip
        size="small"
        variant="outlined"
        label={translate('app.qr_codes.inactive')}
        data-testid="qr-inactive"
      />
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="qr-action">
      <Typography variant="body2">{action.name}</Typography>
      <Chip size="small" label={translate(typeLabelKey(action.objectType))} />
    </Stack>
  );
}
