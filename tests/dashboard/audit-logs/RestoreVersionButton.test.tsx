// "Restore this version" on the audit log detail screen: offered for an edit of a restorable
// kind, it asks first, calls POST /audit-logs/{id}/restore through the dataProvider and says what
// happened, including the server's translated reason when it refuses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification, testDataProvider } from 'react-admin';
import type { AuditLog } from '../../../src/shared/audit';
import { RestoreVersionButton } from '../../../src/dashboard/audit-logs/RestoreVersionButton';
import { renderWithAdmin } from '../helpers';

const ID = '01J00000000000000000000AUD';

const log = (overrides: Partial<AuditLog> = {}): AuditLog => ({
  id: ID,
  parentId: null,
  client: 'dashboard',
  customerId: null,
  projectId: '01J00000000000000000000PRJ',
  userId: null,
  userName: 'Anna',
  itemId: '01J00000000000000000000QRC',
  name: 'Poster',
  type: 'qr_code',
  action: 'updated',
  environment: null,
  device: null,
  changes: { before: { name: 'Poster' }, after: { name: 'Renamed' } },
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderButton(entry: AuditLog) {
  renderWithAdmin(
    <>
      <RestoreVersionButton log={entry} />
      <Notification />
    </>,
    { role: 'customeradmin', dataProvider: testDataProvider() },
  );
}

async function confirm() {
  fireEvent.click(await screen.findByTestId('audit-log-restore'));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('RestoreVersionButton', () => {
  it('restores through POST /audit-logs/{id}/restore after a confirmation', async () => {
    const fetchMock = answer(200, { data: { type: 'qr_code', itemId: 'x', projectId: 'y' } });
    renderButton(log());
    expect(await screen.findByText('Restore this version')).toBeTruthy();
    await confirm();
    expect(await screen.findByText('The earlier version has been restored')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/audit-logs/${ID}/restore`);
    expect(init.method).toBe('POST');
  });

  it('says the server’s reason when the item is gone', async () => {
    answer(422, { errors: [{ code: 'audit_restore_gone', detail: 'gone' }] });
    renderButton(log());
    await confirm();
    expect(
      await screen.findByText(
        'This item no longer exists or is in the trash, so this version cannot be restored',
      ),
    ).toBeTruthy();
  });

  it('names the field that no longer passes', async () => {
    answer(422, {
      errors: [{ code: 'audit_restore_invalid', detail: 'invalid', meta: { field: 'actionId' } }],
    });
    renderButton(log());
    await confirm();
    await waitFor(() =>
      expect(screen.getByText(/This version no longer passes the rules \(actionId\)/)).toBeTruthy(),
    );
  });

  it('is not offered for a row that is not an edit, or an edit without its earlier fields', async () => {
    renderButton(log({ action: 'created', changes: null }));
    renderButton(log({ type: 'project' }));
    renderButton(log({ changes: { fields: ['name'] } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('audit-log-restore')).toBeNull();
  });
});
