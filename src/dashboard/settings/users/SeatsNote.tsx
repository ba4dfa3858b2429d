// The plan's user limit as the users screens show it: accounts plus open invitations.
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Seats } from '../../../shared/schemas/invitation';

export function SeatsNote({ seats }: { seats: Seats }) {
  const translate = useTranslate();
  const unlimited = seats.max === -1;
  const full = !unlimited && seats.used >= seats.max;
  return (
    <Alert severity={full ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="people-seats">
      {unlimited
        ? translate('app.people.seats_unlimited', { used: seats.used })
        : translate('app.people.seats', { used: seats.used, max: seats.max })}
      {full && ` ${translate('app.people.seats_full')}`}
    </Alert>
  );
}
