// The invitation mail (issue 9, part 7): in the invitee's language, as HTML with a plain-text
// part. Its texts live in locales/*.json ("mail_invitation"), like every other string a person reads.
import en from '../../locales/en.json' with { type: 'json' };
import nl from '../../locales/nl.json' with { type: 'json' };
import type { Language } from '../shared/enums.js';
import type { Mail } from './mail.js';
import { formatLocale } from '../shared/locale.js';

const TEXTS = { en: en.mail_invitation, nl: nl.mail_invitation } as const;

export interface InvitationMailInput {
  to: string;
  language: Language;
  customerName: string;
  inviterName: string | null;
  link: string;
  expiresAt: Date;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Fills `%{name}` placeholders; values are passed through `encode` (HTML-escaped for the HTML part). */
function fill(template: string, values: Record<string, string>, encode = (text: string) => text) {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) =>
    key in values ? encode(values[key]) : whole,
  );
}

export function invitationMail(input: InvitationMailInput): Mail {
  const texts = TEXTS[input.language] ?? TEXTS.nl;
  const values = {
    customer: input.customerName,
    inviter: input.inviterName ?? input.customerName,
    date: input.expiresAt.toLocaleString(formatLocale(input.language), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }),
  };
  const intro = fill(texts.intro, values);
  const validity = fill(texts.validity, values);
  const text = [
    fill(texts.greeting, values),
    '',
    intro,
    '',
    `${texts.action}: ${input.link}`,
    '',
    validity,
    texts.ignore,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}">
<body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">
<p>${escapeHtml(fill(texts.greeting, values))}</p>
<p>${fill(texts.intro, values, escapeHtml)}</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #1565c0; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(texts.action)}</a></p>
<p style="font-size: 13px;">${escapeHtml(texts.link_fallback)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size: 13px; color: #6b7280;">${escapeHtml(validity)} ${escapeHtml(texts.ignore)}</p>
</body>
</html>`;
  return { to: input.to, subject: fill(texts.subject, values), text, html };
}
