// Step 5 of the scan pipeline: where an active Action sends the visitor. Redirect URLs are built
// here and nowhere else, and only from checked parts: http(s) for links and stores, and properly
// encoded mailto:, tel:, sms: and wa.me URLs.
import type { ActionContent, EmailData } from '../../shared/schemas/action.js';
import { mobilePlatform } from './visitor.js';

export type LandingPage = 'contact' | 'textArea' | 'appLink' | 'sound';

export type Target =
  { kind: 'redirect'; location: string } | { kind: 'page'; page: LandingPage } | { kind: 'unsafe' };

/** The file API serves uploaded media (docs/api.md: GET /file/{mediaId} under the API base). */
export const mediaUrl = (mediaId: string) => `/api/file/${encodeURIComponent(mediaId)}`;

export function resolveTarget(content: ActionContent, os: string | null): Target {
  switch (content.objectType) {
    case 'link': {
      const location = safeHttpUrl(content.data.link);
      return location ? { kind: 'redirect', location } : { kind: 'unsafe' };
    }
    case 'file':
      return content.data.media.mediaId
        ? { kind: 'redirect', location: mediaUrl(content.data.media.mediaId) }
        : { kind: 'unsafe' };
    case 'email':
      return { kind: 'redirect', location: mailtoUrl(content.data) };
    case 'phoneNumber': {
      const number = dialDigits(content.data.phoneNumber, true);
      return number ? { kind: 'redirect', location: `tel:${number}` } : { kind: 'unsafe' };
    }
    case 'sms': {
      const number = dialDigits(content.data.phoneNumber, true);
      if (!number) return { kind: 'unsafe' };
      const body = content.data.body ? `?body=${encodeURIComponent(content.data.body)}` : '';
      return { kind: 'redirect', location: `sms:${number}${body}` };
    }
    case 'whatsapp': {
      // wa.me wants the full international number as digits only, without + or leading zeros.
      const number = dialDigits(content.data.number, false).replace(/^0+/, '');
      if (!number) return { kind: 'unsafe' };
      const text = content.data.text ? `?text=${encodeURIComponent(content.data.text)}` : '';
      return { kind: 'redirect', location: `https://wa.me/${number}${text}` };
    }
    case 'appLink': {
      // Phones go straight to their store; everyone else gets the page with both buttons.
      const platform = mobilePlatform(os);
      const store =
        platform === 'ios'
          ? content.data.appStore
          : platform === 'android'
            ? content.data.playStore
            : null;
      const location = store ? safeHttpUrl(store) : null;
      return location ? { kind: 'redirect', location } : { kind: 'page', page: 'appLink' };
    }
    case 'contact':
    case 'textArea':
    case 'sound':
      return { kind: 'page', page: content.objectType };
  }
}

/** The URL, re-serialised, when it is http(s); null for javascript:, data: and all else. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Digits only, with a leading + kept for tel:/sms: when asked. */
export function dialDigits(number: string, keepPlus: boolean): string {
  const digits = number.replace(/[^0-9]/g, '');
  if (!digits) return '';
  return keepPlus && number.trim().startsWith('+') ? `+${digits}` : digits;
}

/** RFC 6068 mailto: the address with @ kept, header values percent-encoded, CRLF line breaks. */
export function mailtoUrl(data: EmailData): string {
  const address = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');
  const params: string[] = [];
  const add = (name: string, value: string | null | undefined) => {
    if (value) params.push(`${name}=${encodeURIComponent(value)}`);
  };
  add('subject', data.subject);
  add('body', data.body?.replace(/\r?\n/g, '\r\n'));
  add('cc', data.cc.map((c) => c.address).join(','));
  add('bcc', data.bcc.map((c) => c.address).join(','));
  return `mailto:${address(data.address)}${params.length ? `?${params.join('&')}` : ''}`;
}
