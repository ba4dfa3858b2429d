// The white-label settings screen: platform admins manage a chosen customer's hostnames, customer
// admins read their own with the DNS record and copy buttons, and nobody else gets controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import type { WhiteLabelHostname } from '../../../src/shared/schemas/whiteLabel';
import { WhiteLabelSettingsPage } from '../../../src/dashboard/settings/WhiteLabelSettingsPage';
import { renderWithAdmin } from '../helpers';

const CUSTOMER = '01HZY8Q4J8M7V0K2T3R5N6P7QC';

const hostname = (fields: Partial<WhiteLabelHostname>): WhiteLabelHostname => ({
  id: '01HZY8Q4J8M7V0K2T3R5N6P7QD',
  customerId: CUSTOMER,
  hostname: 'qr.brand.example',
  primary: false,
  verified: false,
  verifiedAt: null,
  scheme: 'https',
  dnsRecord: { type: 'CNAME', name: 'qr.brand.example', value: 'scan.platform.example' },
  createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

function provider(rows: WhiteLabelHostname[]) {
  return {
    getList: vi.fn(async () => ({ data: [{ id: CUSTOMER, name: 'Demo BV' }], total: 1 })),
    getWhiteLabelHostnames: vi.fn(async () => ({ data: rows })),
    updateWhiteLabelHostname: vi.fn(async () => ({ data: rows[0] })),
    addWhiteLabelHostname: vi.fn(async () => ({ data: rows[0] })),
    verifyWhiteLabelHostname: vi.fn(async () => ({ data: rows[0] })),
    deleteWhiteLabelHostname: vi.fn(async () => undefined),
  } as unknown as DataProvider & Record<string, ReturnType<typeof vi.fn>>;
}

describe('WhiteLabelSettingsPage', () => {
  it('a customer admin reads the own hostnames with the DNS record, without controls', async () => {
    const dataProvider = provider([hostname({ verified: true, primary: true })]);
    renderWithAdmin(<WhiteLabelSettingsPage />, {
      role: 'customeradmin',
      path: '/settings/whitelabel',
      dataProvider,
    });
    const row = await screen.findByTestId('white-label-row-qr.brand.example');
    expect(dataProvider.getWhiteLabelHostnames).toHaveBeenCalledWith(CUSTOMER);
    expect(within(row).getByTestId('white-label-dns-record').textContent).toBe(
      'qr.brand.example CNAME scan.platform.example',
    );
    expect(within(row).getByText('Verified')).toBeTruthy();
    expect(within(row).getByText('Primary')).toBeTruthy();
    expect(within(row).getByRole('button', { name: "Copy the record's value" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make primary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add hostname' })).toBeNull();
  });

  it('a platform admin chooses a customer, marks a hostname verified and makes it primary', async () => {
    const dataProvider = provider([hostname({})]);
    renderWithAdmin(<WhiteLabelSettingsPage />, {
      role: 'admin',
      path: '/settings/whitelabel',
      dataProvider,
    });
    expect(await screen.findByText('Choose a customer to see its hostnames.')).toBeTruthy();
    const picker = within(screen.getByTestId('white-label-customer')).getByRole('combobox');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Demo BV' }));
    const row = await screen.findByTestId('white-label-row-qr.brand.example');
    // Only a verified hostname can become primary.
    expect(
      (within(row).getByRole('button', { name: 'Make primary' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Mark verified' }));
    await waitFor(() =>
      expect(dataProvider.updateWhiteLabelHostname).toHaveBeenCalledWith(
        CUSTOMER,
        '01HZY8Q4J8M7V0K2T3R5N6P7QD',
        { verified: true },
      ),
    );
    expect(screen.getByRole('button', { name: 'Add hostname' })).toBeTruthy();
  });

  it('refuses a hostname that is not a DNS name at the field, without calling the server', async () => {
    const dataProvider = provider([]);
    renderWithAdmin(<WhiteLabelSettingsPage />, {
      role: 'admin',
      path: '/settings/whitelabel',
      dataProvider,
    });
    fireEvent.mouseDown(
      within(await screen.findByTestId('white-label-customer')).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Demo BV' }));
    const input = await screen.findByLabelText('New hostname');
    fireEvent.change(input, { target: { value: 'https://not a host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add hostname' }));
    expect(await screen.findByText('Must be a valid host name')).toBeTruthy();
    expect(dataProvider.addWhiteLabelHostname).not.toHaveBeenCalled();
  });
});
