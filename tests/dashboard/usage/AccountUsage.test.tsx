// The account's scan banner at 79 / 80 / 100 % (SPEC §4, issue 10).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ScanBanner } from '../../../src/dashboard/usage/AccountUsage';
import type { LimitStatus } from '../../../src/shared/rules';
import { renderWithAdmin } from '../helpers';

const statusOf = (scans: number, total: number): LimitStatus => ({
  used: { qrCodes: 0, scans, storage: 0, users: 1, shortLinks: 0 },
  total: { qrCodes: -1, scans: total, storage: -1, users: -1, shortLinks: -1 },
});

describe('scan banner', () => {
  it.each([
    [79, 100, null],
    [80, 100, 'warning'],
    [100, 100, 'error'],
    [5000, -1, null],
  ] as const)('%i of %i scans → %s', async (used, total, level) => {
    renderWithAdmin(<ScanBanner status={statusOf(used, total)} />);
    if (!level) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('scan-banner')).toBeNull();
      return;
    }
    const banner = await screen.findByTestId('scan-banner');
    expect(banner.dataset.level).toBe(level);
    expect(banner.textContent).toContain(level === 'error' ? 'reached' : `${used} of its 100`);
  });
});
