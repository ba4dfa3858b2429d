// The trial banner: days, hours or expired (SPEC §4), and only for customer admins (SPEC §6).
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { TrialBanner, TrialBannerView } from '../../../src/dashboard/layout/TrialBanner';
import type { Role } from '../../../src/shared/enums';
import { renderWithAdmin } from '../helpers';

const NOW = new Date('2025-03-01T12:00:00Z');
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3600_000).toISOString();

describe('trial banner', () => {
  it.each([
    // The countdown rounds up: 5 days and 3 hours still reads 6 days.
    [hoursFromNow(24 * 5 + 3), 'Your trial ends in 6 days'],
    [hoursFromNow(20), 'Your trial ends in 20 hours'],
    [hoursFromNow(1.5), 'Your trial ends in 2 hours'],
    [hoursFromNow(0.5), 'Your trial ends in 1 hour'],
    [hoursFromNow(-48), 'The 14 day trial has ended'],
  ])('trial ending %s shows "%s"', async (trialEndAt, text) => {
    renderWithAdmin(<TrialBannerView progress={{ trialEndAt, done: false }} now={NOW} />);
    const banner = await screen.findByTestId('trial-banner');
    expect(banner.textContent).toContain(text);
    expect(screen.getByTestId('trial-finish').getAttribute('href')).toBe('/checkout');
  });

  it('shows nothing once registration is done', async () => {
    renderWithAdmin(
      <TrialBannerView progress={{ trialEndAt: hoursFromNow(50), done: true }} now={NOW} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it.each([
    ['customeradmin', true],
    ['user', false],
    ['admin', false],
  ] as [Role, boolean][])('for a %s the banner shows: %s', async (role, shows) => {
    const getProgress = vi.fn(async () => ({
      data: {
        trialEndAt: new Date(Date.now() + 3 * 86400_000 - 3600_000).toISOString(),
        done: false,
      },
    }));
    const dataProvider = { getProgress } as unknown as DataProvider;
    renderWithAdmin(<TrialBanner />, { role, dataProvider });
    if (shows) {
      const banner = await screen.findByTestId('trial-banner');
      expect(banner.textContent).toContain('3 days');
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByTestId('trial-banner')).toBeNull();
    }
    // Progress loads for customer-group users only (SPEC §6).
    await waitFor(() => expect(getProgress.mock.calls.length > 0).toBe(role !== 'admin'));
  });
});
