// The landing pages, server-rendered. Every value from an Action goes through escapeHtml, links
// only through safeHttpUrl/mailto/tel builders, and rich text only through sanitizeForPage.
import type { Language } from '../../shared/enums.js';
import { countryName } from '../../shared/countries.js';
import type {
  AppLinkData,
  ContactData,
  SoundData,
  TextAreaData,
} from '../../shared/schemas/action.js';
import { escapeHtml as e, renderDocument, type RenderedPage } from './html.js';
import type { Messages } from './i18n.js';
import { sanitizeForPage } from './sanitize.js';
import type { ThemeSettings } from './theme.js';
import { dialDigits, mailtoUrl, mediaUrl, safeHttpUrl } from './target.js';

export interface PageContext {
  lang: Language;
  messages: Messages;
  theme: ThemeSettings;
}

const link = (href: string, text: string, extra = '') =>
  `<a href="${e(href)}" rel="noopener noreferrer nofollow"${extra}>${e(text)}</a>`;

/** "Not active" and "not found" share one plain page. */
export function noticePage(
  ctx: PageContext,
  kind: 'notActive' | 'notFound' | 'tooMany' | 'error',
): RenderedPage {
  const { title, text } = ctx.messages[kind];
  return renderDocument({
    ...ctx,
    title,
    body: `<div class="card notice"><h1>${e(title)}</h1><p>${e(text)}</p></div>`,
  });
}

/** Smart codes: past the expiry or scan cap, without a fallback. */
export function unavailablePage(ctx: PageContext): RenderedPage {
  const { title, text } = ctx.messages.unavailable;
  return renderDocument({
    ...ctx,
    title,
    body: `<div class="card notice"><h1>${e(title)}</h1><p>${e(text)}</p></div>`,
  });
}

/** Smart codes: "are you 18 or older?", posting to {code}/age. */
export function ageGatePage(ctx: PageContext, code: string): RenderedPage {
  const m = ctx.messages.ageGate;
  return renderDocument({
    ...ctx,
    title: m.title,
    postsForm: true,
    body:
      `<div class="card notice"><h1>${e(m.title)}</h1><p>${e(m.text)}</p>` +
      `<form method="post" action="${e(`${encodeURIComponent(code)}/age`)}">` +
      `<button class="button" type="submit">${e(m.confirm)}</button></form></div>`,
  });
}

/** Smart codes: the password form, posting to {code}/password; `problem` after a wrong try. */
export function passwordPage(
  ctx: PageContext,
  code: string,
  problem: 'wrong' | 'tooMany' | null = null,
): RenderedPage {
  const m = ctx.messages.password;
  const error =
    problem === 'wrong' ? m.wrong : problem === 'tooMany' ? ctx.messages.tooMany.text : null;
  return renderDocument({
    ...ctx,
    title: m.title,
    postsForm: true,
    body:
      `<div class="card"><h1>${e(m.title)}</h1><p>${e(m.text)}</p>` +
      (error ? `<p class="error" role="alert">${e(error)}</p>` : '') +
      `<form method="post" action="${e(`${encodeURIComponent(code)}/password`)}">` +
      `<label>${e(m.label)}<input type="password" name="password" required autocomplete="current-password" autofocus></label>` +
      `<button class="button" type="submit">${e(m.submit)}</button></form></div>`,
  });
}

export function contactPage(ctx: PageContext, contact: ContactData, code: string): RenderedPage {
  const m = ctx.messages.contact;
  const rows: string[] = [];
  for (const email of contact.emailAddresses) {
    const href = mailtoUrl({ address: email.email, subject: null, body: null, cc: [], bcc: [] });
    rows.push(
      `<li><span class="label">${e(m.email)} · ${e(m.emailTypes[email.type])}</span>${link(href, email.email)}</li>`,
    );
  }
  for (const phone of contact.phoneNumbers) {
    const digits = dialDigits(phone.phoneNumber, true);
    const value = digits ? link(`tel:${digits}`, phone.phoneNumber) : e(phone.phoneNumber);
    rows.push(
      `<li><span class="label">${e(m.phone)} · ${e(m.phoneTypes[phone.type])}</span>${value}</li>`,
    );
  }
  const { street, zipCode, city, country } = contact.address;
  const addressLines = [
    street,
    [zipCode, city].filter(Boolean).join(' '),
    country ? countryName(country, ctx.lang) : '',
  ]
    .filter(Boolean)
    .map((part) => e(part));
  if (addressLines.length) {
    rows.push(`<li><span class="label">${e(m.address)}</span>${addressLines.join('<br>')}</li>`);
  }
  for (const [label, value] of [
    [m.website, contact.website.personal],
    [m.linkedIn, contact.website.linkedIn],
  ] as const) {
    const href = safeHttpUrl(value);
    if (href)
      rows.push(`<li><span class="label">${e(label)}</span>${link(href, value ?? '')}</li>`);
  }
  const avatar = contact.avatar.mediaId
    ? `<img class="avatar" src="${e(mediaUrl(contact.avatar.mediaId))}" alt="">`
    : '';
  const subtitle = [contact.company.position, contact.company.name].filter(Boolean).join(' · ');
  const vcf = `${encodeURIComponent(code)}/contact.vcf`;
  return renderDocument({
    ...ctx,
    title: contact.name,
    body:
      `<div class="card">${avatar}<h1>${e(contact.name)}</h1>` +
      (subtitle ? `<p class="sub">${e(subtitle)}</p>` : '') +
      `<ul class="rows">${rows.join('')}</ul>` +
      `<a class="button" href="${e(vcf)}" download>${e(m.save)}</a></div>`,
  });
}

export function textAreaPage(ctx: PageContext, data: TextAreaData): RenderedPage {
  return renderDocument({
    ...ctx,
    title: ctx.messages.textArea.title,
    body: `<div class="card">${sanitizeForPage(data.text)}</div>`,
  });
}

export function appLinkPage(ctx: PageContext, data: AppLinkData): RenderedPage {
  const m = ctx.messages.appLink;
  const logo = data.applicationLogo.mediaId
    ? `<img class="avatar" src="${e(mediaUrl(data.applicationLogo.mediaId))}" alt="">`
    : '';
  const heading = data.title || data.applicationName || '';
  const byline = [
    data.applicationName !== heading ? data.applicationName : null,
    data.developerName ? `${m.by} ${data.developerName}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const buttons: string[] = [];
  const appStore = safeHttpUrl(data.appStore);
  const playStore = safeHttpUrl(data.playStore);
  const website = safeHttpUrl(data.website);
  if (appStore) buttons.push(link(appStore, m.appStore, ' class="button"'));
  if (playStore) buttons.push(link(playStore, m.playStore, ' class="button"'));
  if (website) buttons.push(link(website, m.website, ' class="button secondary"'));
  return renderDocument({
    ...ctx,
    title: heading || m.website,
    body:
      `<div class="card">${logo}<h1>${e(heading)}</h1>` +
      (byline ? `<p class="sub">${e(byline)}</p>` : '') +
      (data.description ? `<p>${e(data.description)}</p>` : '') +
      `${buttons.join('')}</div>`,
  });
}

export function soundPage(ctx: PageContext, data: SoundData): RenderedPage {
  const cover = data.cover.mediaId
    ? `<img class="cover" src="${e(mediaUrl(data.cover.mediaId))}" alt="">`
    : '';
  const source = data.sound.mediaId ? mediaUrl(data.sound.mediaId) : '';
  return renderDocument({
    ...ctx,
    title: data.title ?? '',
    body:
      `<div class="card">${cover}` +
      (data.title ? `<h1>${e(data.title)}</h1>` : '') +
      (data.subtitle ? `<p class="sub">${e(data.subtitle)}</p>` : '') +
      `<audio controls preload="none" src="${e(source)}">${e(ctx.messages.sound.unsupported)}</audio>` +
      (data.description ? `<p>${e(data.description)}</p>` : '') +
      `</div>`,
  });
}
