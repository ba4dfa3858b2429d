// The notifications of SPEC §8: "{type} successfully {action}" and "Something went wrong while
// {action} {type}"; a 422 is shown at the fields, with the validation notice.
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';

export type DoingWord =
  | 'getting'
  | 'creating'
  | 'updating'
  | 'saving'
  | 'deleting'
  | 'duplicating'
  | 'trashing'
  | 'linking'
  | 'unlinking';
export type DoneWord =
  'created' | 'updated' | 'saved' | 'deleted' | 'duplicated' | 'trashed' | 'linked' | 'unlinked';
export type TypeWord =
  | 'project'
  | 'projects'
  | 'customer'
  | 'customers'
  | 'user'
  | 'users'
  | 'profile'
  | 'password'
  | 'limits'
  | 'data';

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;
}

export function useResultNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const success = useCallback(
    (type: TypeWord, action: DoneWord) => {
      const typeText = translate(`app.notification.types.${type}`);
      notify('app.notification.success', {
        type: 'success',
        messageArgs: {
          type: typeText.charAt(0).toUpperCase() + typeText.slice(1),
          action: translate(`app.notification.done.${action}`),
        },
      });
    },
    [notify, translate],
  );
  const failure = useCallback(
    (type: TypeWord, action: DoingWord, error?: unknown, inForm = false) => {
      // In a react-admin form a 422 already shows at the fields with the validation notice.
      if (statusOf(error) === 422 && inForm) return;
      if (statusOf(error) === 422) {
        notify('app.notification.validation', { type: 'error' });
        return;
      }
      if (statusOf(error) === 0) {
        notify('app.notification.network_error', { type: 'error' });
        return;
      }
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: translate(`app.notification.doing.${action}`),
          type: translate(`app.notification.types.${type}`),
        },
      });
    },
    [notify, translate],
  );
  return { success, failure };
}
