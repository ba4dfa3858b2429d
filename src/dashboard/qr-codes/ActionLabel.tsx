// A QR code's Action as "name · type", or "inactive" when it has none (still printable).
import { Chip, Stack, Typography } from '@mui/material';
import { typeLabelKey } from '../actions/actionTypes';
import { useTranslate } from 'react-admin';

/** A QR code's or short link's Action as the API shows it inside the item. */
type ActionSummary = { name: string; objectType: string };

export function ActionLabel({ action }: { action: ActionSummary | null }) {
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
