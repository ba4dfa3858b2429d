// User story (issue 9): a customer admin invites a colleague to one project. The invitation mail
// arrives at a real SMTP server; the colleague opens the link from it, sees the organisation and
// their address, chooses a name and password, is signed in, and sees exactly the linked project.
// The admin then sees the invitation accepted and the colleague among the accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn } from './support/session.js';

const COLLEAGUE = 'colleague@demo-bv.test';

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const received: Email[] = [];

async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            received.push(email);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  const port = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('inviting a colleague', () => {
  it('the colleague registers from the mailed link and sees exactly the linked project', async () => {
    // The customer admin invites from Settings → Users → Invitations.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await logIn(admin, server.url, 'customeradmin@example.com');
    await admin.goto(`${server.url}/settings/profile`);
    await admin.getByTestId('settings-tab-users').click();
    await admin.waitForURL(/\/settings\/users\/accounts$/);
    await admin.getByTestId('account-row-user@example.com').waitFor();
    await admin.getByTestId('users-tab-invites').click();
    await admin.getByTestId('invite-email').fill(COLLEAGUE);
    await admin.getByRole('checkbox', { name: 'Events' }).check();
    await admin.getByRole('button', { name: /Uitnodiging versturen|Send invitation/ }).click();
    const row = admin.getByTestId(`invite-row-${COLLEAGUE}`);
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/Openstaand|Pending/);

    // The mail: HTML with a plain-text part, in Dutch (the form's default here), with the link.
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const mail = received.find((email) => email.to?.some((to) => to.address === COLLEAGUE));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Demo Admin nodigt je uit voor Demo BV op QR Hub');
    expect(mail!.text).toContain('/register/');
    const href = /href="([^"]*\/register\/[^"]+)"/.exec(mail!.html ?? '')?.[1];
    expect(href).toBeDefined();
    expect(href!.startsWith(server.url)).toBe(true);

    // The colleague, in a browser of their own, follows the link.
    const colleagueContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const colleague = await colleagueContext.newPage();
    await colleague.goto(href!);
    const intro = colleague.getByTestId('register-token-intro');
    await expect.poll(() => intro.innerText(), { timeout: 15_000 }).toContain('Demo BV');
    expect(await colleague.getByTestId('register-token-email').inputValue()).toBe(COLLEAGUE);
    await colleague.getByTestId('register-token-name').fill('Cas Collega');
    await colleague.getByTestId('register-token-password').fill('collega-wachtwoord');
    await colleague.getByTestId('register-token-confirmation').fill('collega-wachtwoord');
    await colleague.getByTestId('register-token-submit').click();
    await colleague.waitForURL((url) => !url.pathname.startsWith('/register'), {
      timeout: 20_000,
    });

    // Signed in: the project list holds exactly the linked project.
    await colleague.goto(`${server.url}/projects`);
    const projects = colleague.getByTestId('project-list').locator('tbody tr');
    await expect.poll(() => projects.allInnerTexts(), { timeout: 15_000 }).toHaveLength(1);
    expect((await projects.allInnerTexts())[0]).toContain('Events');

    // The link worked once: opening it again says so.
    await colleague.goto(href!);
    await colleague.getByTestId('register-token-used').waitFor();

    // The admin sees the invitation accepted and the colleague among the accounts.
    await admin.reload();
    await expect
      .poll(() => admin.getByTestId(`invite-row-${COLLEAGUE}`).innerText(), { timeout: 15_000 })
      .toMatch(/Geaccepteerd|Accepted/);
    await admin.getByTestId('users-tab-accounts').click();
    const account = admin.getByTestId(`account-row-${COLLEAGUE}`);
    await expect.poll(() => account.innerText(), { timeout: 15_000 }).toContain('Events');
    await adminContext.close();
    await colleagueContext.close();
  }, 120_000);
});
