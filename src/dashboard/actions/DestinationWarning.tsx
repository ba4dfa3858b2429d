// The warning of a QR link whose destination failed two background checks in a row (issue 16
// part 5), on the QR link, and on the QR code and short link screens that use it.
import { Alert, Chip } from '@mui/material';
import { useGetOne, useLocale, useTranslate } from 'react-admin';
import type { DestinationHealth } from '../../shared/schemas/action';
import { formatLocale } from '../../shared/locale';

interface WithHealth {
  id: string;
  destinationHealth?: DestinationHealth | null;
  fallback?: unknown;
}

export const isDestinationFailing = (record: Partial<WithHealth> | undefined | null) =>
  record?.destinationHealth?.status === 'failing';

/** The small badge a list row shows. */
export function DestinationFailingBadge({ record }: { record: Partial<WithHealth> }) {
  const translate = useTranslate();
  if (!isDestinationFailing(record)) return null;
  return (
    <Chip
      size="small"
      color="warning"
      label={translate('app.actions.destination_failing_badge')}
      data-testid="destination-failing-badge"
    />
  );
}

export function DestinationWarning({
  projectId,
  actionId,
}: {
  projectId: string;
  actionId: string | null | undefined;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const { data } = useGetOne<WithHealth>(
    'actions',
    { id: actionId ?? '', meta: { projectId } },
    { enabled: Boolean(actionId) },
  );
  const health = data?.destinationHealth;
  if (!data || !health || health.status !== 'failing') return null;
  const since = new Date(health.failingSince ?? health.checkedAt).toLocaleString(
    formatLocale(locale),
    { dateStyle: 'medium', timeStyle: 'short' },
  );
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="destination-warning">
      {translate('app.actions.destination_failing', { error: health.lastError ?? '', since })}{' '}
      {translate(
        data.fallback
          ? 'app.actions.destination_failing_fallback'
          : 'app.actions.destination_failing_no_fallback',
      )}
    </Alert>
  );
}
