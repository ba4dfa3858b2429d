// Steps every story shares: log in through the real login page, and find the demo projects.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'demo12345';

export async function logIn(
  page: Page,
  baseUrl: string,
  email: string,
  path = '/login',
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page
    .getByTestId('login-email')
    .locator('input')
    .or(page.locator('input[name="email"]'))
    .first()
    .fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/**
 * Signs the demo user in and answers the id of their project: they have exactly one (the demo
 * project with content), so sign-in opens its start page (issue 13, part 1).
 */
export async function logInToDemoProject(page: Page, baseUrl: string): Promise<string> {
  await logIn(page, baseUrl, 'user@example.com');
  await page.waitForURL(/\/projects\/[0-9A-Z]{26}\/start/);
  return /\/projects\/([0-9A-Z]{26})\//.exec(page.url())![1];
}

/** Opens the first project of the overview and answers its id (from the URL). */
export async function openFirstProject(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/projects`);
  await page.getByTestId('project-list').locator('tbody tr').first().click();
  await page.waitForURL(/\/projects\/[0-9A-Z]{26}\/start/);
  const match = /\/projects\/([0-9A-Z]{26})\//.exec(page.url());
  expect(match).not.toBeNull();
  return match![1];
}

/** The data-testids of the menu entries on screen, without groups and the create dropdown. */
export async function menuEntries(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="menu-"]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-testid') ?? ''),
    );
  return ids
    .map((id) => id.replace(/^menu-/, ''))
    .filter((id) => id !== 'create-new' && !id.startsWith('group-'))
    .sort();
}
