// Phones (issue 13, part 4): at 360 px every screen fits without sideways scrolling; wide tables
// scroll in their own box and tab rows scroll, so the document never gets wider than the phone;
// every primary button lies within the phone's width.
import { describe, expect, it } from 'vitest';
import { logIn } from './support/session.js';
import { demoRun } from './support/demoItems.js';
import { mainScreens } from './support/screenList.js';
import { settle } from './support/screens.js';

const PHONE = { width: 360, height: 740 };

const run = demoRun();

describe('at 360 px', () => {
  it('no screen scrolls sideways', async () => {
    const context = await run.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'customeradmin@example.com');
    const widths: string[] = [];
    const tooWide: string[] = [];
    for (const [name, path] of [['sign-in', '/login'], ...mainScreens(run.ids)] as [
      string,
      string,
    ][]) {
      if (path === '/login') {
        const anonymous = await run.browser.newContext({ viewport: PHONE, isMobile: true });
        const loginPage = await anonymous.newPage();
        await loginPage.goto(`${run.server.url}/login`);
        await settle(loginPage);
        const width = await loginPage.evaluate(() => document.documentElement.scrollWidth);
        widths.push(`${name}: ${width}`);
        if (width > PHONE.width) tooWide.push(`${name}: ${width}`);
        await anonymous.close();
        continue;
      }
      await page.goto(`${run.server.url}${path}`);
      await settle(page);
      // Primary buttons (save, create, next) lie within the phone's width.
      const cutOff = await page.locator('main .MuiButton-contained').evaluateAll(
        (buttons, limit) =>
          buttons
            .filter((button) => (button as HTMLElement).offsetParent !== null)
            .map((button) => ({
              text: (button.textContent ?? '').trim(),
              rect: button.getBoundingClientRect(),
            }))
            .filter(({ rect }) => rect.width > 0 && (rect.left < -1 || rect.right > limit + 1))
            .map(({ text, rect }) => `${text} ${Math.round(rect.left)}–${Math.round(rect.right)}`),
        PHONE.width,
      );
      if (cutOff.length) tooWide.push(`${name}: button out of reach ${cutOff.join(', ')}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      widths.push(`${name}: ${width}`);
      if (width > PHONE.width) {
        const culprits = await page.evaluate((limit) => {
          const out: string[] = [];
          for (const element of Array.from(document.querySelectorAll('body *'))) {
            const rect = element.getBoundingClientRect();
            if (rect.right > limit + 1 && rect.width > 0) {
              const wideChild = Array.from(element.children).some(
                (child) => child.getBoundingClientRect().right > limit + 1,
              );
              if (wideChild) continue;
              out.push(
                `${element.tagName}.${String(element.className).slice(0, 80)} right=${Math.round(rect.right)}`,
              );
            }
          }
          return out.slice(0, 6);
        }, PHONE.width);
        tooWide.push(`${name}: ${width} ${culprits.join(' | ')}`);
      }
    }
    console.log(widths.join('\n'));
    expect(tooWide).toEqual([]);
    await context.close();
  });
});
