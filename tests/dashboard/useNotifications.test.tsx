// SPEC §8's notices from the one hook every screen uses: each screen's own words (type, done and
// doing keys) and its way of showing a 422 give the same messages the screens showed before.
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import {
  ACTION_WORD,
  LINK_NOTICES,
  QR_NOTICES,
  THEME_NOTICES,
  THEME_WORD,
  useResultNotify,
  type NoticeWords,
} from '../../src/dashboard/useNotifications';
import { renderWithAdmin } from './helpers';

const notify = vi.fn();
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-admin')>()),
  useNotify: () => notify,
}));

type Notices = ReturnType<typeof useResultNotify<string, string, string>>;

/** Runs `run` with the hook of `words` once it is rendered, and answers what it notified. */
async function noticesOf(words: NoticeWords | undefined, run: (notices: Notices) => void) {
  notify.mockClear();
  let notices: Notices | undefined;
  function Probe() {
    notices = useResultNotify<string, string, string>(words);
    return null;
  }
  renderWithAdmin(<Probe />);
  await waitFor(() => expect(notices).toBeDefined());
  run(notices as Notices);
  return notify.mock.calls;
}

const unprocessable = {
  status: 422,
  body: {
    fieldErrors: { name: { message: 'errors.qr_code_limit', args: { limit: 5 } } },
    apiErrors: [{ code: 'duplicate_uri', meta: { uri: 'x' } }],
  },
};

describe('useResultNotify', () => {
  it("uses the shell's words by default", async () => {
    const calls = await noticesOf(undefined, ({ success, failure }) => {
      success('project', 'created');
      failure('user', 'trashing', new Error('boom'));
      failure('user', 'saving', unprocessable);
      failure('user', 'saving', unprocessable, true);
      failure('user', 'saving', { status: 0 });
    });
    expect(calls).toEqual([
      [
        'app.notification.success',
        { type: 'success', messageArgs: { type: 'Project', action: 'created' } },
      ],
      [
        'app.notification.error',
        { type: 'error', messageArgs: { action: 'moving to trash', type: 'user' } },
      ],
      ['app.notification.validation', { type: 'error', messageArgs: undefined }],
      ['app.notification.network_error', { type: 'error' }],
    ]);
  });

  it('takes any translation key as the type word (Actions, themes)', async () => {
    const calls = await noticesOf(THEME_NOTICES, ({ success, failure }) => {
      success(ACTION_WORD, 'saved');
      success(THEME_WORD, 'activated');
      failure({ key: 'app.themes.logo' }, 'activating', new Error('boom'));
    });
    expect(calls.map(([, options]) => options.messageArgs)).toEqual([
      { type: 'QR link', action: 'saved' },
      { type: 'Theme', action: 'set active' },
      { action: 'activating', type: expect.any(String) },
    ]);
  });

  it("shows a QR code's 422 with the server's field message", async () => {
    const calls = await noticesOf(QR_NOTICES, ({ success, failure }) => {
      success('template', 'created');
      failure('qr_code', 'duplicating', unprocessable);
      failure('qr_code', 'saving', unprocessable, true);
    });
    expect(calls).toEqual([
      [
        'app.notification.success',
        { type: 'success', messageArgs: { type: 'Template', action: 'created' } },
      ],
      ['errors.qr_code_limit', { type: 'error', messageArgs: { limit: 5 } }],
    ]);
  });

  it("shows a short link's 422 with the API error, and the notice in a form", async () => {
    const calls = await noticesOf(LINK_NOTICES, ({ success, failure }) => {
      success('trash', 'emptied');
      failure('short_link', 'trashing', new Error('boom'));
      failure('short_link', 'saving', unprocessable);
      failure('short_link', 'saving', unprocessable, true);
    });
    expect(calls).toEqual([
      [
        'app.notification.success',
        { type: 'success', messageArgs: { type: 'Trash', action: 'emptied' } },
      ],
      [
        'app.notification.error',
        { type: 'error', messageArgs: { action: 'moving to trash', type: 'short link' } },
      ],
      ['errors.api.duplicate_uri', { type: 'error', messageArgs: { uri: 'x' } }],
      ['app.notification.validation', { type: 'error' }],
    ]);
  });
});
