// The statistics page as a person sees it: scans from several countries shade the world map (in
// light and in dark mode), a country's tooltip names it, and the project form's time-zone select
// finds a zone by part of its name and saves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTheme, getContrastRatio, type ThemeOptions } from '@mui/material/styles';
import { darkTheme as dark } from '../../src/dashboard/themes.js';
import { launchBrowser } from './support/chromium.js';
import { settle } from './support/screens.js';
import { logIn } from './support/session.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'true' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PERSON =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** Addresses DB-IP places in the United States and Australia (public DNS resolvers). */
const VISITORS = ['8.8.8.8', '8.8.4.4', '8.8.8.8', '1.1.1.1'];

describe('statistics page', () => {
  it('shows the countries on a world map, readable in light and dark mode', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1800 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    const api = async (url: string, body: unknown) => {
      const response = await page.request.post(`${server.url}/api${url}`, {
        data: body,
        headers: { 'Client-Type': 'dashboard' },
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()).data as { id: string; code: string };
    };
    const project = await api('/projects', { name: 'World', timeZone: 'Europe/Amsterdam' });
    const action = await api(`/projects/${project.id}/actions`, {
      name: 'Site',
      objectType: 'link',
      data: { link: 'https://example.com/' },
    });
    const qr = await api(`/projects/${project.id}/qr-codes`, {
      name: 'Poster',
      actionId: action.id,
    });
    for (const ip of VISITORS) {
      const scan = await page.request.get(`${server.url}/s/${qr.code}`, {
        headers: { 'user-agent': PERSON, 'x-forwarded-for': ip },
        maxRedirects: 0,
      });
      expect(scan.status()).toBe(302);
    }

    await expect
      .poll(async () => {
        const stats = await page.request.get(
          `${server.url}/api/analytics/timeseries?projectId=${project.id}`,
          { headers: { 'Client-Type': 'dashboard' } },
        );
        return ((await stats.json()).meta.byCountry as { key: string }[]).map((e) => e.key);
      })
      .toEqual(['US', 'AU']);

    await page.goto(`${server.url}/projects/${project.id}/statistics`);
    await settle(page);
    const map = page.getByTestId('stats-country-map');
    await map.waitFor();
    const us = map.locator('path[data-country="US"]');
    expect(await us.getAttribute('data-scans')).toBe('3');
    expect(await map.locator('path[data-country="AU"]').getAttribute('data-scans')).toBe('1');
    await us.hover();
    await expect
      .poll(() => page.getByRole('tooltip').innerText())
      .toMatch(/^(United States|Verenigde Staten): 3 scans$/);
    await page.mouse.move(0, 0);
    await map.screenshot({ path: '/tmp/stats-map-light.png' });
    const lightFill = await map.locator('path[data-country="DE"]').getAttribute('fill');

    const toggle = page.getByTestId('theme-toggle');
    const wasDark = (await toggle.getAttribute('aria-pressed')) === 'true';
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(String(!wasDark));
    const darkFill = await map.locator('path[data-country="DE"]').getAttribute('fill');
    expect(darkFill).not.toBe(lightFill);
    await map.screenshot({ path: '/tmp/stats-map-dark.png' });
    // The unique visitors' series keeps 3:1 against the dark card (WCAG 1.4.11).
    const darkPalette = createTheme(dark as ThemeOptions).palette;
    const uniqueColour = darkPalette.grey[400];
    expect(getContrastRatio(uniqueColour, darkPalette.background.paper)).toBeGreaterThanOrEqual(3);
    await page.getByTestId('stats-chart').locator('svg rect').first().waitFor();
    const fills = await page
      .getByTestId('stats-chart')
      .locator('rect')
      .evaluateAll((shapes) => shapes.map((shape) => getComputedStyle(shape).fill));
    expect(fills).toContain(
      `rgb(${parseInt(uniqueColour.slice(1, 3), 16)}, ${parseInt(uniqueColour.slice(3, 5), 16)}, ${parseInt(uniqueColour.slice(5, 7), 16)})`,
    );
    await page.screenshot({ path: '/tmp/stats-page-dark.png', fullPage: true });
    // The countries card keeps the figures as text.
    expect(await page.getByTestId('stats-breakdown-country').innerText()).toMatch(/Australi/);

    // Each item has its statistics tab: the QR code, the Action (its QR codes) and a short link.
    const link = await api(`/projects/${project.id}/short-links`, {
      name: 'Flyer',
      uri: `world-${Date.now()}`,
      actionId: action.id,
    });
    const linkUri = (await (
      await page.request.get(`${server.url}/api/projects/${project.id}/short-links/${link.id}`, {
        headers: { 'Client-Type': 'dashboard' },
      })
    ).json()) as { data: { uri: string } };
    const opened = await page.request.get(`${server.url}/s/${linkUri.data.uri}`, {
      headers: { 'user-agent': PERSON, 'x-forwarded-for': '8.8.8.8' },
      maxRedirects: 0,
    });
    expect(opened.status()).toBe(302);
    const p = `/projects/${project.id}`;
    for (const [path, total] of [
      [`${p}/qr-code/${qr.id}/statistics`, '4'],
      // The Action counts the scans of everything that shows it: the QR code and the short link.
      [`${p}/qr-link/${action.id}/statistics`, '5'],
      [`${p}/short-links/${link.id}/statistics`, '1'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect
        .poll(() => page.getByTestId('stats-total').innerText(), { timeout: 15_000 })
        .toBe(total);
    }
    await context.close();
  });

  it('finds a time zone by part of its name on the project form, and saves it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    const created = await page.request.post(`${server.url}/api/projects`, {
      data: { name: 'Tokyo shop' },
      headers: { 'Client-Type': 'dashboard' },
    });
    const id = ((await created.json()).data as { id: string }).id;
    await page.goto(`${server.url}/projects/${id}/details/edit`);
    await settle(page);
    const input = page.getByTestId('project-time-zone').locator('input');
    await input.click();
    await input.fill('tokyo');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await page.getByRole('button', { name: /opslaan|save/i }).click();
    await expect
      .poll(async () => {
        const response = await page.request.get(`${server.url}/api/projects/${id}`, {
          headers: { 'Client-Type': 'dashboard' },
        });
        return (await response.json()).data.timeZone;
      })
      .toBe('Asia/Tokyo');
    await context.close();
  });
});
