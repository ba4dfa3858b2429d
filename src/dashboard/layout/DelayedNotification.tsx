// The notifier of SPEC §8: top right, green/red, a close button, 6 s, shown after 250 ms. The
// delay hides the queue from react-admin's <Notification> until it has passed.
import { useEffect, useMemo, useState } from 'react';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  Notification,
  NotificationContext,
  useCloseNotification,
  useNotificationContext,
  useTranslate,
} from 'react-admin';
import { NOTIFICATION_DURATION_MS, NOTIFIER_DELAY_MS } from '../../shared/constants';

function CloseButton() {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={translate('app.notification.close')}
      onClick={close}
      data-testid="notification-close"
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

export function DelayedNotification() {
  const context = useNotificationContext();
  const hasPending = context.notifications.length > 0;
  const [released, setReleased] = useState(false);
  useEffect(() => {
    if (!hasPending) {
      setReleased(false);
      return;
    }
    const timer = setTimeout(() => setReleased(true), NOTIFIER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasPending]);
  const delayed = useMemo(
    () => ({ ...context, notifications: released ? context.notifications : [] }),
    [context, released],
  );
  return (
    <NotificationContext.Provider value={delayed}>
      <Notification
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        // Below the top bar (48 px), so a toast never covers its controls (issue 13, part 10).
        sx={{ top: { xs: 56, sm: 56 } }}
        autoHideDuration={NOTIFICATION_DURATION_MS}
        action={<CloseButton />}
        data-testid="notification"
      />
    </NotificationContext.Provider>
  );
}
