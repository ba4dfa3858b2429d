// Accessibility (issue 13, part 8): axe-core on the main screens of the dashboard and on the
// landing pages a scan opens finds no serious or critical violation; the wizard and the designer
// work from the keyboard with a visible focus.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn } from './support/session.js';
import { demoRun } from './support/demoItems.js';
import { mainScreens } from './support/screenList.js';
import { settle } from './support/screens.js';

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; any: { data?: { fgColor?: string; bgColor?: string } }[] }[];
}

const run = demoRun();

/** Serious and critical violations on the page as it is now, as "rule ×count (first target)". */
async function seriousViolations(page: Page): Promise<string[]> {
  // evaluate() is not subject to the page's CSP, so axe runs on the real headers.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const node = violation.nodes[0];
      const colors = node?.any[0]?.data?.fgColor
        ? ` ${node.any[0].data.fgColor} on ${node.any[0].data.bgColor}`
        : '';
      return `${violation.id} ×${violation.nodes.length} (${node?.target.join(' ')}${colors})`;
    });
}

type Mode = 'light' | 'dark';
const MODES: Mode[] = ['light', 'dark'];

/** A browser context in the mode: the dashboard's stored theme and the system's colour scheme. */
async function contextIn(mode: Mode, viewport: { width: number; height: number }) {
  const context = await run.browser.newContext({ viewport, colorScheme: mode });
  await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
  return context;
}

describe.each(MODES)('axe-core in %s mode', (mode) => {
  it('finds no serious or critical violation on the dashboard screens', async () => {
    const anonymous = await contextIn(mode, { width: 1280, height: 900 });
    const loginPage = await anonymous.newPage();
    await loginPage.goto(`${run.server.url}/login`);
    await settle(loginPage);
    const found: string[] = [];
    const report: string[] = [];
    const record = (name: string, violations: string[]) => {
      report.push(`${mode} ${name}: ${violations.length}`);
      if (violations.length) found.push(`${name}: ${violations.join('; ')}`);
    };
    record('sign-in', await seriousViolations(loginPage));
    await anonymous.close();

    const context = await contextIn(mode, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'customeradmin@example.com');
    for (const [name, path] of mainScreens(run.ids)) {
      await page.goto(`${run.server.url}${path}`);
      await settle(page);
      // The screen really is in the mode (MUI's palette on the body).
      const dark = await page.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body)
          .backgroundColor.match(/\d+/g)!
          .map(Number);
        return r + g + b < 3 * 128;
      });
      if (dark !== (mode === 'dark')) found.push(`${name}: not in ${mode} mode`);
      record(name, await seriousViolations(page));
    }
    console.log(report.join('\n'));
    expect(found).toEqual([]);
    await context.close();
  });

  it('finds no serious or critical violation on the landing pages', async () => {
    const context = await contextIn(mode, { width: 390, height: 800 });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'customeradmin@example.com');
    const api = `${run.server.url}/api/projects/${run.ids.projectId}`;
    const codes = (await (await page.request.get(`${api}/qr-codes?perPage=50`)).json()) as {
      data: { id: string; scanUrl: string; actionId: string | null }[];
    };
    const actions = (await (await page.request.get(`${api}/actions?perPage=50`)).json()) as {
      data: { id: string; objectType: string }[];
    };
    const scanOf = (type: string) => {
      const action = actions.data.find((candidate) => candidate.objectType === type);
      return codes.data.find((code) => code.actionId === action?.id)?.scanUrl;
    };
    // A text page: a rich-text Action on a new QR code.
    const textAction = await page.request.post(`${api}/actions`, {
      data: {
        name: 'Programma',
        objectType: 'textArea',
        data: { text: '<h3>Programma</h3><p>Deuren open om 19:00.</p>' },
      },
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(textAction.status(), await textAction.text()).toBeLessThan(300);
    const textCode = await page.request.post(`${api}/qr-codes`, {
      data: {
        name: 'Programma',
        actionId: ((await textAction.json()) as { data: { id: string } }).data.id,
      },
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(textCode.status(), await textCode.text()).toBeLessThan(300);
    const pages: [string, string | undefined][] = [
      ['contact card', scanOf('contact')],
      ['text page', ((await textCode.json()) as { data: { scanUrl: string } }).data.scanUrl],
    ];
    // The advertisement interstitial: the ad linked to the contact card's QR code.
    const adCode = codes.data.find((code) => code.scanUrl === scanOf('contact'))!;
    const linked = await page.request.put(`${api}/qr-codes/${adCode.id}/advertisements`, {
      data: { advertisementIds: [run.ids.ad] },
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(linked.status()).toBeLessThan(300);
    pages.push(['advertisement', adCode.scanUrl]);

    const found: string[] = [];
    const report: string[] = [];
    const visitor = await contextIn(mode, { width: 390, height: 800 });
    const phone = await visitor.newPage();
    for (const [name, url] of pages) {
      expect(url, name).toBeTruthy();
      await phone.goto(url!);
      await phone.waitForLoadState('networkidle');
      const violations = await seriousViolations(phone);
      report.push(`${mode} ${name}: ${violations.length}`);
      if (violations.length) found.push(`${name}: ${violations.join('; ')}`);
    }
    console.log(report.join('\n'));
    expect(found).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
