// SPEC §8's notices for advertisements: "{type} successfully {action}" and "Something went wrong
// while {action} {type}", with the shell's keys and our own type word.
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { DoingWord, DoneWord } from '../useNotifications';

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;

export function useAdNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const success = useCallback(
    (action: DoneWord) => {
      const type = translate('app.advertisements.notification_type');
      notify('app.notification.success', {
        type: 'success',
        messageArgs: {
          type: type.charAt(0).toUpperCase() + type.slice(1),
          action: translate(`app.notification.done.${action}`),
        },
      });
    },
    [notify, translate],
  );
  const failure = useCallback(
    (action: DoingWord, error?: unknown, inForm = false) => {
      const status = statusOf(error);
      // In a form a 422 shows at the fields, with react-admin's own notice.
      if (status === 422 && inForm) return;
      if (status === 422) return notify('app.notification.validation', { type: 'error' });
      if (status === 0) return notify('app.notification.network_error', { type: 'error' });
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: translate(`app.notification.doing.${action}`),
          type: translate('app.advertisements.notification_type'),
        },
      });
    },
    [notify, translate],
  );
  return { success, failure };
}
