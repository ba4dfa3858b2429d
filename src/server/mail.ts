// Outgoing mail: through SMTP_URL when set, otherwise written to the log so a self-hoster without
// a mail server can still follow links (e.g. a password reset) during setup.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`; mail clients show it when they can. */
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
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: MAIL_FROM, ...mail });
    },
  };
}
