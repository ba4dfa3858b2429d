// User stories of accounts (issue 9): a new organisation signs up with the code from the mail a
// real SMTP server received; a user turns two-step sign-in on by scanning the QR code, then signs
// in with a code computed here, and again with a recovery code.
import { generate } from 'otplib';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, logIn } from './support/session.js';

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const inbox: Email[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => inbox.push(mail))
          .finally(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The newest mail to `address` whose subject matches, once the SMTP server has it. */
async function mailTo(address: string, subject: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      () => {
        found = [...inbox]
          .reverse()
          .find((mail) => mail.to?.[0]?.address === address && subject.test(mail.subject ?? ''));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

async function selfEmail(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/self', { credentials: 'include' });
    return ((await response.json()) as { data: { email: string } }).data.email;
  });
}

describe('a new organisation signs up on its own', () => {
  it('registers, verifies with the code from the mail and lands in the dashboard', async () => {
    const page = await freshPage();
    const email = `founder-${Date.now()}@example.com`;
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-register').click();
    await page.waitForURL(/\/register$/);
    await page.getByLabel(/bedrijf|company/i).check();
    await input(page, 'companyName').fill(`Founders ${Date.now()}`);
    await input(page, 'name').fill('Fay Founder');
    await input(page, 'email').fill(email);
    await input(page, 'password').fill('founder-password');
    await input(page, 'passwordConfirmation').fill('founder-password');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('register-verify-intro').innerText()).toContain(email);

    const mail = await mailTo(email, /QR Hub/);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code!);
    // A wrong code first: the message shows at the field.
    await input(page, 'code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByTestId('register-verify').click();
    await expect
      .poll(() => page.locator('body').innerText())
      .toMatch(/De verificatiecode is onjuist|The verification code is incorrect/);
    expect(page.url()).toMatch(/\/register$/);
    await input(page, 'code').fill(code!);
    await page.getByTestId('register-verify').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/register'), { timeout: 20_000 });
    expect(await selfEmail(page)).toBe(email);

    // The start page of the first project shows the onboarding checklist with what is done.
    const projectId = await page.evaluate(async () => {
      const response = await fetch('/api/projects', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Client-Type': 'dashboard' },
        body: JSON.stringify({ name: 'First project' }),
      });
      return ((await response.json()) as { data: { id: string } }).data.id;
    });
    await page.goto(`${server.url}/projects/${projectId}/start`);
    const checklist = page.getByTestId('onboarding-checklist');
    await checklist.waitFor();
    const doneOf = (step: string) =>
      checklist.getByTestId(`onboarding-${step}`).getAttribute('data-done');
    expect(await doneOf('verify_email')).toBe('true');
    expect(await doneOf('first_project')).toBe('true');
    expect(await doneOf('first_qr_code')).toBe('false');
    await page.context().close();
  });
});

describe('two-step sign-in', () => {
  it('is turned on with the QR code, then signs in with an app code and with a recovery code', async () => {
    const email = 'user@example.com';
    const page = await freshPage();
    await logIn(page, server.url, email);
    await page.goto(`${server.url}/settings/security`);
    await page.getByTestId('two-factor-turn-on').click();
    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    await input(page, 'code').fill(await generate({ secret }));
    await page.getByTestId('two-factor-confirm').click();
    const codes = page.getByTestId('recovery-code');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCodes = await codes.allInnerTexts();
    const notice = await mailTo(email, /twee stappen|two-step/i);
    expect(notice.html).toBeTruthy();
    expect(notice.text).toBeTruthy();
    await page.context().close();

    // Password, then a code of the next time step (the confirming one is used up).
    const second = await freshPage();
    await second.goto(`${server.url}/login`);
    await input(second, 'email').fill(email);
    await input(second, 'password').fill(DEMO_PASSWORD);
    await second.getByTestId('login-submit').click();
    await second.getByTestId('login-code').waitFor();
    expect(second.url()).toMatch(/\/login/);
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await input(second, 'code').fill(nextCode);
    await second.getByTestId('login-submit').click();
    await second.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(await selfEmail(second)).toBe(email);
    await second.context().close();

    // Without the phone: a recovery code, which works once.
    const third = await freshPage();
    await third.goto(`${server.url}/login`);
    await input(third, 'email').fill(email);
    await input(third, 'password').fill(DEMO_PASSWORD);
    await third.getByTestId('login-submit').click();
    await third.getByTestId('login-switch-factor').click();
    await input(third, 'recoveryCode').fill(recoveryCodes[0]);
    await third.getByTestId('login-submit').click();
    await third.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(await selfEmail(third)).toBe(email);
    await third.context().close();
  });
});
