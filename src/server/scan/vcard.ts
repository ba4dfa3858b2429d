// The contact card as a .vcf: vCard 4.0 (RFC 6350), written here because the escaping is the whole
// point. Every text value escapes backslash, comma and line breaks (§3.4); the components of the
// compound properties (N, ADR, ORG) also escape the semicolons that would otherwise split them.
// Lines end in CRLF and fold at 75 octets without cutting a UTF-8 character (§3.2).
import type { ContactData } from '../../shared/schemas/action.js';
import { countryName } from '../../shared/countries.js';

const EMAIL_TYPES: Record<string, string | null> = { work: 'work', private: 'home', other: null };
const PHONE_TYPES: Record<string, string> = {
  mobile: 'cell',
  home: 'home',
  work: 'work',
  other: 'voice',
};

const MAX_LINE_OCTETS = 75;

/** A TEXT value (§3.4): a line break becomes \n, so a value can never start a new property. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** One component of a compound value: its semicolons would otherwise end the component. */
export function escapeComponent(value: string | null | undefined): string {
  return escapeText(value ?? '').replace(/;/g, '\\;');
}

/** Folds a content line: at most 75 octets a line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line's leading space counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildVCard(contact: ContactData): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:4.0'];
  const add = (property: string, value: string) => lines.push(foldLine(`${property}:${value}`));

  const name = contact.name.trim();
  const space = name.lastIndexOf(' ');
  const [given, family] = space > 0 ? [name.slice(0, space), name.slice(space + 1)] : [name, ''];
  add('FN', escapeText(name));
  add('N', [family, given, '', '', ''].map(escapeComponent).join(';'));
  if (contact.company.name) add('ORG', escapeComponent(contact.company.name));
  if (contact.company.position) add('TITLE', escapeText(contact.company.position));
  for (const email of contact.emailAddresses) {
    const type = EMAIL_TYPES[email.type];
    add(type ? `EMAIL;TYPE=${type}` : 'EMAIL', escapeText(email.email));
  }
  for (const phone of contact.phoneNumbers) {
    // Free text as people type it ("+31 6 1234 5678, ext. 12"), so a text value, not a tel: URI.
    add(`TEL;VALUE=text;TYPE=${PHONE_TYPES[phone.type] ?? 'voice'}`, escapeText(phone.phoneNumber));
  }
  const { street, city, zipCode, country } = contact.address;
  if (street || city || zipCode || country) {
    const countryText = country ? countryName(country, 'en') : '';
    add(
      'ADR;TYPE=work',
      ['', '', street, city, '', zipCode, countryText].map(escapeComponent).join(';'),
    );
  }
  for (const url of [contact.website.personal, contact.website.linkedIn]) {
    if (url) add('URL', escapeText(url));
  }
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

/** A safe download name: letters, digits and dashes only. */
export function vcardFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return `${base || 'contact'}.vcf`;
}
