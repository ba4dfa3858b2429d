// SPEC §8's notices ("{type} successfully {action}", "Something went wrong while {action} {type}")
// for QR codes and templates, with our own type words.
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';

export type QrTypeWord = 'qr_code' | 'template' | 'action';
type Done = 'created' | 'updated' | 'saved' | 'duplicated' | 'trashed' | 'deleted';
type Doing = 'creating' | 'updating' | 'saving' | 'duplicating' | 'trashing' | 'deleting';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** The first field error of an API 422 as a translation key with args, if any. */
export function firstFieldError(
  error: unknown,
): { key: string; args: Record<string, unknown> } | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (
    error as {
      body?: { fieldErrors?: Record<string, { message: string; args: Record<string, unknown> }> };
    }
  ).body;
  const first = body?.fieldErrors ? Object.values(body.fieldErrors)[0] : undefined;
  return first ? { key: first.message, args: first.args } : null;
}

export function useQrNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const success = useCallback(
    (type: QrTypeWord, action: Done) => {
      const typeText = translate(`app.qr_codes.types.${type}`);
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
    (type: QrTypeWord, action: Doing, error?: unknown, inForm = false) => {
      const status = statusOf(error);
      if (status === 422) {
        if (inForm) return;
        // Outside a form, show what the server said (e.g. the QR code limit) rather than a generic notice.
        const field = firstFieldError(error);
        notify(field?.key ?? 'app.notification.validation', {
          type: 'error',
          messageArgs: field?.args,
        });
        return;
      }
      if (status === 0) {
        notify('app.notification.network_error', { type: 'error' });
        return;
      }
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: translate(`app.notification.doing.${action}`),
          type: translate(`app.qr_codes.types.${type}`),
        },
      });
    },
    [notify, translate],
  );
  return { success, failure };
}
