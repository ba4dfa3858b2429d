// Outgoing mail: through SMTP_URL when set, otherwise written to the log so a self-hoster without
// a mail server can still follow links (e.g. a password reset) during setup.
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import en from '../../locales/en.json' with { type: 'json' };
import nl from '../../locales/nl.json' with { type: 'json' };
import type { Language } from '../shared/enums.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML; mail clients show it and fall back to `text`. */
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAIL_FROM = 'QR Hub <no-reply@qrhub.local>';

export function createMailer(smtpUrl: string, logger: Pick<FastifyBaseLogger, 'info'>): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        logger.info({ mail }, `mail to ${mail.to}: ${mail.subject}`);
      },
    };
  }
  // nodemailer (some 40 modules, 15 MB) loads with the first mail, not with every server start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from: MAIL_FROM, ...mail });
    },
  };
}

// Account mails (issue 9, part 7): verification code and security notices, in the recipient's
// language, from the "mail.account" section of locales/*.json, as HTML with a plain-text part.

type AccountMailTexts = (typeof en)['mail']['account'];
const ACCOUNT_TEXTS: Record<Language, AccountMailTexts> = {
  nl: nl.mail.account,
  en: en.mail.account,
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/%\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export interface Recipient {
  email: string;
  name: string;
  language: string;
}

/** One mail of greeting, paragraphs and an optional highlighted code, as text and HTML. */
function accountMail(
  recipient: Recipient,
  subject: string,
  paragraphs: string[],
  code?: string,
): Mail {
  const texts = ACCOUNT_TEXTS[recipient.language === 'en' ? 'en' : 'nl'];
  const greeting = fill(texts.greeting, { name: recipient.name });
  const blocks = code ? [paragraphs[0], code, ...paragraphs.slice(1)] : paragraphs;
  const htmlBlocks = blocks.map((block) =>
    block === code
      ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(block)}</p>`
      : `<p>${escapeHtml(block)}</p>`,
  );
  return {
    to: recipient.email,
    subject,
    text: [greeting, ...blocks, texts.signature].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(greeting)}</p>${htmlBlocks.join('')}<p>${escapeHtml(texts.signature)}</p></body></html>`,
  };
}

/** The six-digit code that verifies a new account's email address. */
export function verificationCodeMail(recipient: Recipient, code: string, minutes: number): Mail {
  const texts = ACCOUNT_TEXTS[recipient.language === 'en' ? 'en' : 'nl'].verification;
  return accountMail(
    recipient,
    fill(texts.subject, { code }),
    [texts.intro, fill(texts.validity, { minutes: String(minutes) }), texts.ignore],
    code,
  );
}

export type SecurityNotice = 'two_factor_enabled' | 'two_factor_disabled' | 'password_changed';

/** Tells the owner of an account that its sign-in changed, so a stranger's change is noticed. */
export function securityNoticeMail(recipient: Recipient, notice: SecurityNotice): Mail {
  const texts = ACCOUNT_TEXTS[recipient.language === 'en' ? 'en' : 'nl'];
  const { subject, text } = texts[notice];
  return accountMail(recipient, subject, [text, texts.not_you]);
}

/** Issue 16 part 5: a link QR link's destination failed twice in a row (once per episode). */
export function destinationFailingMail(
  recipient: Recipient,
  values: { action: string; url: string; error: string; link: string },
  hasFallback: boolean,
): Mail {
  const own = (recipient.language === 'en' ? en : nl).mail.destination_failing;
  return accountMail(recipient, fill(own.subject, values), [
    fill(own.intro, values),
    hasFallback ? own.fallback : own.no_fallback,
    fill(own.action, values),
  ]);
}
