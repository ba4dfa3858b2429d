// A customer whose canceled subscription has run out (issue 13, part 3 and 10): every change
// answers 402, and the dashboard sends the user to /error with the real reason. Only the customer
// admin may order, so only they are offered checkout; a plain user is told whom to ask and finds
// checkout closed. The account state is set with the test factory on the server's own database,
// as time passing would; everything else goes through the real server and Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDatabase } from '../../src/server/db/database.js';
import { setAccountState } from '../helpers/factories.js';
import { productRun } from './support/demoItems.js';
import { logIn, logInToDemoProject } from './support/session.js';

const run = productRun();
let projectId: string;

beforeAll(async () => {
  const context = await run.browser.newContext();
  const page = await context.newPage();
  projectId = await logInToDemoProject(page, run.server.url);
  const self = (await (await page.request.get(`${run.server.url}/api/self`)).json()) as {
    data: { customerId: string };
  };
  const plans = (await (await page.request.get(`${run.server.url}/api/plans`)).json()) as {
    data: { id: string }[];
  };
  await context.close();
  const db = createDatabase({ sqliteFile: run.server.databaseFile });
  try {
    await setAccountState(db, self.data.customerId, 'canceled', plans.data[0].id);
  } finally {
    await db.destroy();
  }
});

let open: Page[] = [];
afterAll(async () => {
  await Promise.all(open.map((page) => page.context().close()));
  open = [];
});

async function signedIn(email: string): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  open.push(page);
  await logIn(page, run.server.url, email);
  return page;
}

/** Adds a tag through its form, the way a user makes any change. */
async function addTag(page: Page, name: string): Promise<void> {
  await page.goto(`${run.server.url}/projects/${projectId}/tags/create`);
  await page.getByTestId('label-name-input').fill(name);
  await page.getByTestId('label-save').click();
}

/** Reads /error once the failed save has led there. */
async function errorPage(page: Page) {
  await page.waitForURL(/\/error\?/, { timeout: 15_000 });
  const message = page.getByTestId('error-page-message');
  await message.waitFor();
  return {
    code: await message.getAttribute('data-code'),
    text: (await message.textContent()) ?? '',
    reason: new URL(page.url()).searchParams.get('reason'),
  };
}

describe('a lapsed subscription', () => {
  it('stops a plain user with 402, names the reason and whom to ask, and offers no checkout', async () => {
    const page = await signedIn('user@example.com');
    const api = await page.request.post(`${run.server.url}/api/projects/${projectId}/labels`, {
      data: { name: 'Direct', color: '#00aa00' },
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(api.status()).toBe(402);
    expect(((await api.json()) as { errors: { code: string }[] }).errors[0].code).toBe(
      'subscription_canceled',
    );

    await addTag(page, 'Na het opzeggen');
    const shown = await errorPage(page);
    expect(shown).toMatchObject({ code: 'subscription_canceled', reason: 'subscription' });
    expect(shown.text).toContain('Het abonnement is opgezegd');
    expect(await page.getByTestId('error-page-ask-admin').textContent()).toContain(
      'klantbeheerder',
    );
    expect(await page.getByTestId('error-page-checkout').count()).toBe(0);

    // Nor can the user reach checkout some other way: the page and the order are refused.
    await page.goto(`${run.server.url}/checkout`);
    await page.getByTestId('no-access').waitFor();
    const order = await page.request.post(`${run.server.url}/api/register/activate`, {
      data: {},
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(order.status()).toBe(403);
  });

  it('offers the customer admin checkout from the same page', async () => {
    const page = await signedIn('customeradmin@example.com');
    await addTag(page, 'Na het opzeggen');
    const shown = await errorPage(page);
    expect(shown).toMatchObject({ code: 'subscription_canceled', reason: 'subscription' });
    expect(shown.text).toContain('Het abonnement is opgezegd');
    expect(await page.getByTestId('error-page-ask-admin').count()).toBe(0);

    await page.getByTestId('error-page-checkout').click();
    await page.waitForURL(/\/checkout$/);
    await page.getByTestId('checkout-plans').waitFor();
  });
});
