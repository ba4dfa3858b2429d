// <ItemAuditLogs>: rows with translated actions, types and clients, filtered by item; a note
// instead of a list for roles without the audit-log permission.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import type { AuditLog } from '../../../src/shared/audit';
import { ItemAuditLogs } from '../../../src/dashboard/audit-logs/ItemAuditLogs';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const ITEM_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QD';

const row = (overrides: Partial<AuditLog>): AuditLog => ({
  id: '01HZY8Q4J8M7V0K2T3R5N6P7R0',
  parentId: null,
  client: 'dashboard',
  customerId: '01HZY8Q4J8M7V0K2T3R5N6P7QC',
  projectId: PROJECT_ID,
  userId: '01HZY8Q4J8M7V0K2T3R5N6P7QB',
  userName: 'Dana Admin',
  itemId: ITEM_ID,
  name: 'Poster',
  type: 'qr_code',
  action: 'trashed',
  environment: 'production',
  device: 'Chrome 120 on Mac OS 10.15.7 (desktop)',
  changes: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  ...overrides,
});

function provider(rows: AuditLog[]) {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  return { getList, dataProvider: { getList } as unknown as DataProvider };
}

describe('<ItemAuditLogs>', () => {
  it('lists the item’s rows with translated labels', async () => {
    const { getList, dataProvider } = provider([
      row({}),
      row({ id: '01HZY8Q4J8M7V0K2T3R5N6P7R1', action: 'created', client: 'api', userName: null }),
    ]);
    renderWithAdmin(<ItemAuditLogs itemId={ITEM_ID} />, { role: 'customeradmin', dataProvider });
    const rows = await screen.findAllByTestId('audit-log-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('Moved to trash')).toBeTruthy();
    expect(first.getByText('QR code')).toBeTruthy();
    expect(first.getByText('Dashboard')).toBeTruthy();
    expect(first.getByText('Dana Admin')).toBeTruthy();
    expect(first.getByText('Poster')).toBeTruthy();
    expect(first.getByText('Chrome 120 on Mac OS 10.15.7 (desktop)')).toBeTruthy();
    const second = within(rows[1]);
    expect(second.getByText('Created')).toBeTruthy();
    expect(second.getByText('API')).toBeTruthy();
    expect(second.getByText('Deleted user')).toBeTruthy();
    expect(rows[0].querySelector('a')?.getAttribute('href')).toBe(
      '/settings/audit-logs/01HZY8Q4J8M7V0K2T3R5N6P7R0/details',
    );
    expect(getList).toHaveBeenCalledWith(
      'audit-logs',
      expect.objectContaining({ filter: { itemId: ITEM_ID } }),
    );
  });

  it('says so when nothing was logged', async () => {
    const { dataProvider } = provider([]);
    renderWithAdmin(<ItemAuditLogs projectId={PROJECT_ID} />, {
      role: 'customeradmin',
      dataProvider,
    });
    expect((await screen.findByTestId('audit-log-empty')).textContent).toContain(
      'Nothing has been logged yet',
    );
  });

  it('shows a note, and asks nothing, for a role without the audit-log permission', async () => {
    const { getList, dataProvider } = provider([row({})]);
    renderWithAdmin(<ItemAuditLogs itemId={ITEM_ID} />, { role: 'user', dataProvider });
    expect(await screen.findByTestId('audit-log-no-access')).toBeTruthy();
    expect(getList).not.toHaveBeenCalled();
  });
});
