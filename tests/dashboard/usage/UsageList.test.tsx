// Usage bars (issue 13): an unlimited counter shows its count without a bar.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { UsageList } from '../../../src/dashboard/usage/UsageList';
import { renderWithAdmin } from '../helpers';

describe('UsageList', () => {
  it('draws no bar for "0 of unlimited" and a partial bar for a limit', async () => {
    renderWithAdmin(
      <UsageList
        keys={['qrCodes', 'shortLinks']}
        status={{
          used: { qrCodes: 0, scans: 0, storage: 0, users: 0, shortLinks: 5 },
          total: { qrCodes: -1, scans: -1, storage: -1, users: -1, shortLinks: 20 },
        }}
      />,
    );
    const unlimited = await screen.findByTestId('usage-qrCodes');
    expect(unlimited.querySelector('[role="progressbar"]')).toBeNull();
    const limited = screen.getByTestId('usage-shortLinks');
    expect(limited.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
  });
});
