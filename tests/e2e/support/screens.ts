// Waiting for a dashboard screen to finish loading: the lazy chunk, its data calls, its loaders.
import type { Page } from 'playwright-core';

/** An indeterminate loader (usage bars carry a value and are not loaders). */
export const LOADER = 'main [role="progressbar"]:not([aria-valuenow])';

/** Network quiet and no loader left in the main area (or 15 s, after which a loader counts as stuck). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const loading = await page.locator(LOADER).count();
    if (loading === 0) break;
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(150);
}
