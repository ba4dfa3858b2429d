// SPEC §8's notices ("{type} successfully {action}", "Something went wrong while {action} {type}")
// for short links, tags and the trash, with their own type words.
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';

export type LinkTypeWord = 'short_link' | 'label' | 'labels' | 'qr_code' | 'trash' | 'item';
type Done = 'created' | 'saved' | 'duplicated' | 'trashed' | 'deleted' | 'restored' | 'emptied';
type Doing =
  | 'getting'
  | 'creating'
  | 'saving'
  | 'duplicating'
  | 'trashing'
  | 'deleting'
  | 'restoring'
  | 'emptying';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

interface FieldErrorBody {
  fieldErrors?: Record<string, { message: string; args: Record<string, unknown> }>;
  apiErrors?: { code: string; meta?: Record<string, unknown> }[];
}

/** The API error code of a failed call (the first one), if any. */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (error as { body?: FieldErrorBody }).body;
  return body?.apiErrors?.[0]?.code ?? null;
}

/** The first API error as a translation key with its args, if any. */
function firstApiError(error: unknown): { key: string; args: Record<string, unknown> } | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (error as { body?: FieldErrorBody }).body;
  const first = body?.apiErrors?.[0];
  return first ? { key: `errors.api.${first.code}`, args: { ...(first.meta ?? {}) } } : null;
}

export function useLinkNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const success = useCallback(
    (type: LinkTypeWord, action: Done) => {
      const typeText = translate(`app.short_links.types.${type}`);
      notify('app.notification.success', {
        type: 'success',
        messageArgs: {
          type: typeText.charAt(0).toUpperCase() + typeText.slice(1),
          action: translate(`app.short_links.done.${action}`),
        },
      });
    },
    [notify, translate],
  );
  const failure = useCallback(
    (type: LinkTypeWord, action: Doing, error?: unknown, inForm = false) => {
      const status = statusOf(error);
      if (status === 422) {
        // In a form the field shows it; elsewhere say what the server said (a limit, a duplicate).
        if (inForm) {
          notify('app.notification.validation', { type: 'error' });
          return;
        }
        const api = firstApiError(error);
        notify(api?.key ?? 'app.notification.validation', {
          type: 'error',
          messageArgs: api?.args,
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
          action: translate(`app.short_links.doing.${action}`),
          type: translate(`app.short_links.types.${type}`),
        },
      });
    },
    [notify, translate],
  );
  return { success, failure };
}
