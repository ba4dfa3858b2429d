// Keyboard only (issue 13, part 8): a user makes a QR code with the wizard and designs it in the
// QR designer without a mouse. Tab and Shift+Tab reach every control with a visible focus; Enter
// and Space press buttons, cards and switches; arrow keys pick from a select and move a slider.
// The QR code the server stores carries every choice made that way.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { productRun } from './support/demoItems.js';
import { logIn } from './support/session.js';

const run = productRun();

/** Whether the focused element shows it: an outline, a ring, or MUI's focus classes. */
function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    return (
      (element.matches(':focus-visible') &&
        (style.outlineStyle !== 'none' || style.boxShadow !== 'none')) ||
      element.classList.contains('Mui-focusVisible') ||
      !!element.closest('.Mui-focused, .Mui-focusVisible')
    );
  });
}

const focusMatches = (page: Page, selector: string) =>
  page.evaluate((css) => !!document.activeElement?.matches(css), selector);

/**
 * Presses Tab (or Shift+Tab) until the focus is on `selector`, checking on the way that every
 * stop shows its focus; fails when the control cannot be reached within `limit` presses.
 */
async function tabTo(page: Page, selector: string, backwards = false, limit = 80): Promise<void> {
  const hidden: string[] = [];
  const stops: string[] = [];
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const here = await page.evaluate(() => {
      const element = document.activeElement;
      return element
        ? `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').slice(0, 30)}`
        : '';
    });
    stops.push(here);
    if (!(await focusIsVisible(page)))
      hidden.push(`${here} (after ${stops.slice(-3, -1).join(' → ')})`);
    if (await focusMatches(page, selector)) {
      expect(hidden, `focus not visible on the way to ${selector}`).toEqual([]);
      return;
    }
  }
  throw new Error(`${selector} is not reachable with ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

describe('keyboard only', () => {
  it('makes and designs a QR code with the wizard and the designer', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'user@example.com');
    await page.waitForURL(/\/projects\/[0-9A-Z]{26}\/start/);
    const projectId = /\/projects\/([0-9A-Z]{26})\//.exec(page.url())![1];
    await page.goto(`${run.server.url}/projects/${projectId}/qr-code/create`);
    await page.getByTestId('wizard-type-link').waitFor();

    // Step 1: the type cards, forwards and backwards, Enter chooses.
    await tabTo(page, '[data-testid="wizard-type-link"]');
    await page.keyboard.press('Tab');
    await tabTo(page, '[data-testid="wizard-type-link"]', true);
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('wizard-type-link').getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, '[data-testid="wizard-next"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/configuration$/);

    // Step 2: the fields by typing.
    await page.getByTestId('wizard-name').waitFor();
    // The designer loads on demand; its controls join the tab order once it is there.
    await page.getByTestId('qr-designer').waitFor();
    await tabTo(page, '[data-testid="wizard-name"]');
    await page.keyboard.type('Toetsenbord');
    await tabTo(page, 'input[name="data.link"]');
    await page.keyboard.type('https://example.com/toetsenbord');

    // The designer: a select opened and chosen with arrows, a switch with Space, a section with
    // Enter, a slider with arrows.
    const dotType = '[data-testid="qr-design-dots-type"] [role="combobox"]';
    await tabTo(page, dotType);
    const before = await page.locator(dotType).innerText();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await page.locator(dotType).innerText()).not.toBe(before);
    expect(await focusMatches(page, dotType)).toBe(true);

    const gradient = '[data-testid="qr-design-dots-gradient-toggle"]';
    await tabTo(page, gradient);
    await page.keyboard.press('Space');
    expect(await page.locator(gradient).isChecked()).toBe(true);

    const options = '[data-testid="qr-design-section-options"] .MuiAccordionSummary-root';
    await tabTo(page, options);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(options).getAttribute('aria-expanded')).toBe('true');
    const quietZone = '[data-testid="qr-design-quiet-zone"] input[type="range"]';
    await tabTo(page, quietZone);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator(quietZone).inputValue()).toBe('6');

    // Create, with Enter on the button.
    await tabTo(page, '[data-testid="wizard-create"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    const id = /\/confirmation\/([0-9A-Z]{26})$/.exec(new URL(page.url()).pathname)![1];

    const stored = (await (
      await page.request.get(`${run.server.url}/api/projects/${projectId}/qr-codes/${id}`)
    ).json()) as {
      data: {
        name: string;
        design: { quietZone: number; dots: { type: string; gradient: unknown } };
      };
    };
    expect(stored.data.name).toBe('Toetsenbord');
    expect(stored.data.design.quietZone).toBe(6);
    expect(stored.data.design.dots.type).not.toBe('square');
    expect(stored.data.design.dots.gradient).not.toBeNull();
    await context.close();
  });
});
