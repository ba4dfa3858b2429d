// Landing pages render the active theme: logo, social icons and the font's stylesheet, with the
// scan service's escaping and CSP kept even for settings written around the API.
import { domainEvent, buildTheme, buildMedia } from '../../helpers/factories.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { readThemeSettings } from '../../../src/server/scan/theme.js';
import { buildTestApp, type TestApp } from '../../helpers/testApp.js';
import { buildContactQrCode } from '../api/routes/themes/helpers.js';

let t: TestApp;
let owner: { customerId: string; projectId: string };
beforeAll(async () => {
  t = await buildTestApp();
  owner = { customerId: t.ids.customers.demo, projectId: t.ids.projects.demoOther };
});
afterAll(async () => {
  await t.close();
});

async function activeTheme(settings: unknown, logoMediaId: string | null = null) {
  await t.db.deleteFrom('themes').where('projectId', '=', owner.projectId).execute();
  await buildTheme(t.db, owner, { name: 'Direct', settings, logoMediaId });
  // Written past the API, so no event went out: publish the one a theme change sends.
  t.app.events.publish([
    domainEvent('theme', { customerId: owner.customerId, projectId: owner.projectId }),
  ]);
}

describe('themed landing pages', () => {
  it('shows the logo and the social icons, each a checked link', async () => {
    const logo = await buildMedia(t.db, owner);
    await activeTheme({
      logo: { mediaId: logo, size: 100 },
      socialIcons: [
        { type: 'instagram', link: 'https://instagram.com/brand', style: 'outlined' },
        { type: 'email', link: 'mailto:hello@example.com' },
      ],
    });
    const code = await buildContactQrCode(t.db, owner);
    const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    const { document } = new JSDOM(res.body).window;
    expect(document.querySelector('img.logo')?.getAttribute('src')).toBe(`/api/file/${logo}`);
    expect(res.body).toContain('--logo-size:100px');
    const links = [...document.querySelectorAll('.social a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://instagram.com/brand', 'mailto:hello@example.com']);
    expect(document.querySelectorAll('.social svg path').length).toBe(2);
    // No font chosen: nothing from outside is allowed.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('googleapis');
    expect(csp).not.toContain('font-src');
    expect(document.querySelector('link[rel=stylesheet]')).toBeNull();
  });

  it('drops bad values written around the API, keeping the rest', async () => {
    await activeTheme({
      colors: { primary: '#0a7f3f' },
      socialIcons: [{ type: 'youtube', link: 'javascript:alert(1)' }],
      font: { family: 'Lobster', subset: 'latin', variant: 'regular' },
      corner: '</style><script>',
    });
    const code = await buildContactQrCode(t.db, owner);
    const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(res.body).toContain('--primary:#0a7f3f');
    expect(res.body).not.toContain('javascript:');
    expect(res.body).not.toContain('<script>');
    // The font comes from our own origin: no link to Google, and the CSP allows fonts from self.
    expect(res.body).toContain('src:url(/fonts/lobster/latin-400-normal.woff2) format("woff2")');
    expect(res.body).not.toMatch(/googleapis|gstatic/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'sha256-[^']+';/);
    expect(csp).toContain("font-src 'self'");
    expect(csp).not.toMatch(/googleapis|gstatic|unsafe-inline/);
  });

  it('reads the current settings format and older key names alike', () => {
    const current = readThemeSettings(
      JSON.stringify({
        background: { type: 'gradient', gradient: { angle: 45, from: '#ffffff', to: '#000000' } },
        corner: 'none',
      }),
      null,
    );
    expect(current.background).toBe('linear-gradient(45deg, #ffffff, #000000)');
    expect(current.radius).toBe(0);
    const older = readThemeSettings(JSON.stringify({ primaryColor: '#abc' }), null);
    expect(older.look.colors.primary).toBe('#aabbcc');
  });
});
