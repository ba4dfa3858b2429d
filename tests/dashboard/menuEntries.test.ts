// Breadcrumbs and back targets follow SPEC §2: each screen's overview; the QR code overview when
// a screen has none. Settings list checkout for customer admins only (its screen is /checkout).
import { describe, expect, it } from 'vitest';
import { backTargetOf, sectionOf } from '../../src/dashboard/menuEntries';
import { settingsTabs } from '../../src/dashboard/settings/SettingsLayout';

const P = '01HZY8Q4J8M7V0K2T3R5N6P7QA';
const ID = '01HZY8Q4J8M7V0K2T3R5N6P7QB';

describe('sections of a project', () => {
  it.each([
    [`/projects/${P}/qr-code/${ID}/statistics`, `/projects/${P}/qr-codes`],
    [`/projects/${P}/qr-code/create/type`, `/projects/${P}/qr-codes`],
    [`/projects/${P}/short-links/${ID}/details/edit`, `/projects/${P}/short-links`],
    [`/projects/${P}/qr-link/${ID}/qr-codes`, `/projects/${P}/qr-links`],
    [`/projects/${P}/ad/${ID}/details/edit`, `/projects/${P}/ads`],
    [`/projects/${P}/ads/create`, `/projects/${P}/ads`],
    [`/projects/${P}/tag/${ID}/details/edit`, `/projects/${P}/tags`],
    [`/projects/${P}/theme/${ID}/details/edit`, `/projects/${P}/themes`],
    [`/projects/${P}/qrcodes/template/${ID}/details/edit`, `/projects/${P}/qrcodes/templates`],
    // No overview of its own: SPEC §2's fallback, the QR code overview.
    [`/projects/${P}/details/edit`, `/projects/${P}/qr-codes`],
  ])('%s goes back to %s', (path, back) => {
    expect(backTargetOf(path, P)).toBe(back);
  });

  it('knows an overview from the screens below it', () => {
    expect(sectionOf(`/projects/${P}/qr-codes`)).toMatchObject({ isOverview: true });
    expect(sectionOf(`/projects/${P}/qr-code/${ID}/details/edit`)).toMatchObject({
      isOverview: false,
      path: `/projects/${P}/qr-codes`,
    });
    expect(sectionOf('/settings/profile')).toBeNull();
  });
});

describe('settings navigation', () => {
  const paths = (role: string) => settingsTabs(role).map((tab) => tab.path);
  it('shows each role its pages', () => {
    expect(paths('user')).toEqual(['/settings/profile', '/settings/security']);
    expect(paths('customeradmin')).toEqual([
      '/settings/profile',
      '/settings/security',
      '/settings/users',
      '/settings/audit-logs',
      '/settings/whitelabel',
      '/checkout',
    ]);
    expect(paths('admin')).toEqual([
      '/settings/profile',
      '/settings/security',
      '/settings/users',
      '/settings/audit-logs',
      '/settings/whitelabel',
      '/settings/analytics',
    ]);
  });
});
