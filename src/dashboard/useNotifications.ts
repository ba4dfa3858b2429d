// The notifications of SPEC §8: "{type} successfully {action}" and "Something went wrong while
// {action} {type}"; a 422 is shown at the fields, with the validation notice. Every screen uses
// this one hook; a screen with its own words passes their keys (NoticeWords).
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

/** A word of a notice: a word of the screen's vocabulary, or any translation key. */
export type NoticeWord<W extends string> = W | { key: string };

/**
 * Where a screen's words live and how it shows a 422. The defaults are the shell's words
 * (app.notification.{types,done,doing}) and the generic validation notice.
 */
export interface NoticeWords {
  /** Prefix of the type words' keys. */
  types?: string;
  /** Prefix of the done and doing words' keys (`{verbs}.done.x`, `{verbs}.doing.x`). */
  verbs?: string;
  /**
   * What a 422 outside a form shows: the generic notice, the first field error's message (a QR
   * code limit) or the first API error (errors.api.{code}: a limit, a duplicate).
   */
  unprocessable?: 'validation' | 'field' | 'api';
  /** Also show the validation notice for a 422 in a form (forms whose fields do not say it). */
  noticeInForm?: boolean;
}

/** QR codes and templates: their own type words, the server's field message on a 422. */
export const QR_NOTICES: NoticeWords = { types: 'app.qr_codes.types', unprocessable: 'field' };
export type QrTypeWord = 'qr_code' | 'template' | 'action';

/** Short links, tags and the trash: their own words, the server's reason on a 422. */
export const LINK_NOTICES: NoticeWords = {
  types: 'app.short_links.types',
  verbs: 'app.short_links',
  unprocessable: 'api',
  noticeInForm: true,
};
export type LinkTypeWord = 'short_link' | 'label' | 'labels' | 'qr_code' | 'trash' | 'item';
export type LinkDoneWord =
  'created' | 'saved' | 'duplicated' | 'trashed' | 'deleted' | 'restored' | 'emptied';
export type LinkDoingWord =
  | 'getting'
  | 'creating'
  | 'saving'
  | 'duplicating'
  | 'trashing'
  | 'deleting'
  | 'restoring'
  | 'emptying';

/** Themes: their own done and doing words. */
export const THEME_NOTICES: NoticeWords = { verbs: 'app.themes' };
export const THEME_WORD = { key: 'app.themes.type' };
export type ThemeDoneWord = 'created' | 'saved' | 'duplicated' | 'deleted' | 'activated';
export type ThemeDoingWord = 'creating' | 'saving' | 'duplicating' | 'deleting' | 'activating';

/** The type words of Actions ("QR link") and advertisements, with the shell's verbs. */
export const ACTION_WORD = { key: 'app.actions.notification_type' };
export const AD_WORD = { key: 'app.advertisements.notification_type' };

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;
}

interface ApiErrorBody {
  fieldErrors?: Record<string, { message: string; args: Record<string, unknown> }>;
  apiErrors?: { code: string; meta?: Record<string, unknown> }[];
}

const bodyOf = (error: unknown): ApiErrorBody | undefined =>
  typeof error === 'object' && error !== null ? (error as { body?: ApiErrorBody }).body : undefined;

/** The first field error of an API 422 as a translation key with args, if any. */
export function firstFieldError(
  error: unknown,
): { key: string; args: Record<string, unknown> } | null {
  const fieldErrors = bodyOf(error)?.fieldErrors;
  const first = fieldErrors ? Object.values(fieldErrors)[0] : undefined;
  return first ? { key: first.message, args: first.args } : null;
}

/** The API error code of a failed call (the first one), if any. */
export function apiErrorCodeOf(error: unknown): string | null {
  return bodyOf(error)?.apiErrors?.[0]?.code ?? null;
}

/** The first API error as a translation key with its args, if any. */
function firstApiError(error: unknown): { key: string; args: Record<string, unknown> } | null {
  const first = bodyOf(error)?.apiErrors?.[0];
  return first ? { key: `errors.api.${first.code}`, args: { ...(first.meta ?? {}) } } : null;
}

/**
 * `T`, `Done` and `Doing` are the words of the screen's vocabulary (`words`); a `{ key }` is any
 * translation key, for a word outside it.
 */
export function useResultNotify<
  T extends string = TypeWord,
  Done extends string = DoneWord,
  Doing extends string = DoingWord,
>(words: NoticeWords = {}) {
  const notify = useNotify();
  const translate = useTranslate();
  const {
    types = 'app.notification.types',
    verbs = 'app.notification',
    unprocessable = 'validation',
    noticeInForm = false,
  } = words;
  const text = useCallback(
    (word: NoticeWord<string>, prefix: string) =>
      translate(typeof word === 'string' ? `${prefix}.${word}` : word.key),
    [translate],
  );
  const success = useCallback(
    (type: NoticeWord<T>, action: NoticeWord<Done>) => {
      const typeText = text(type, types);
      notify('app.notification.success', {
        type: 'success',
        messageArgs: {
          type: typeText.charAt(0).toUpperCase() + typeText.slice(1),
          action: text(action, `${verbs}.done`),
        },
      });
    },
    [notify, text, types, verbs],
  );
  const failure = useCallback(
    (type: NoticeWord<T>, action: NoticeWord<Doing>, error?: unknown, inForm = false) => {
      const status = statusOf(error);
      if (status === 422) {
        // In a react-admin form a 422 already shows at the fields with the validation notice.
        if (inForm) {
          if (noticeInForm) notify('app.notification.validation', { type: 'error' });
          return;
        }
        // Outside a form, say what the server said where the screen asks for it.
        const reason =
          unprocessable === 'field'
            ? firstFieldError(error)
            : unprocessable === 'api'
              ? firstApiError(error)
              : null;
        notify(reason?.key ?? 'app.notification.validation', {
          type: 'error',
          messageArgs: reason?.args,
        });
        return;
      }
      if (status === 0) {
        notify('app.notification.network_error', { type: 'error' });
        return;
      }
      if (status === 507) {
        // The server's disk is full: say so, instead of a generic failure.
        notify('errors.api.storage_full', { type: 'error' });
        return;
      }
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: text(action, `${verbs}.doing`),
          type: text(type, types),
        },
      });
    },
    [notify, text, types, verbs, unprocessable, noticeInForm],
  );
  return { success, failure };
}

/** The notices of short links, tags and the trash (LINK_NOTICES' words). */
export const useLinkNotify = () =>
  useResultNotify<LinkTypeWord, LinkDoneWord, LinkDoingWord>(LINK_NOTICES);

/** The notices of QR codes, templates and Actions (QR_NOTICES' words). */
export const useQrNotify = () => useResultNotify<QrTypeWord>(QR_NOTICES);

/** The notices of themes (THEME_NOTICES' words; the type is always the theme). */
export const useThemeNotify = () =>
  useResultNotify<never, ThemeDoneWord, ThemeDoingWord>(THEME_NOTICES);
