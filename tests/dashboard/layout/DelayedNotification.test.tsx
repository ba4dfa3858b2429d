// The notifier waits 250 ms before showing a notification (SPEC §8), top right, with a close button.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { DelayedNotification } from '../../../src/dashboard/layout/DelayedNotification';
import { renderWithAdmin } from '../helpers';

function NotifyOnMount() {
  const notify = useNotify();
  useEffect(() => {
    notify('app.notification.success', {
      type: 'success',
      messageArgs: { type: 'Project', action: 'created' },
    });
  }, [notify]);
  return null;
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('notifier', () => {
  it('shows a notification only after the delay, and closes on demand', async () => {
    renderWithAdmin(
      <>
        <NotifyOnMount />
        <DelayedNotification />
      </>,
    );
    await sleep(150);
    expect(screen.queryByText('Project successfully created')).toBeNull();
    await sleep(250);
    const message = await screen.findByText('Project successfully created');
    expect(message).toBeTruthy();
    const snackbar = message.closest('.MuiSnackbar-root');
    expect(snackbar?.className).toContain('anchorOriginTopRight');
    expect(message.closest('.RaNotification-success')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notification-close'));
    await waitFor(() => expect(screen.queryByText('Project successfully created')).toBeNull());
  });
});
