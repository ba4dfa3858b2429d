// The contact card's escaping (RFC 6350 §3.4) checked by two independent parsers: every value with
// commas, semicolons, backslashes, line breaks and non-ASCII text comes back exactly as it went in,
// from Python's vobject (Debian's python3-vobject) and from ical.js; and through the scan route.
import { execFileSync } from 'node:child_process';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildVCard, foldLine } from '../../../src/server/scan/vcard.js';
import type { ContactData } from '../../../src/shared/schemas/action.js';

const CONTACT: ContactData = {
  avatar: { mediaId: null, remove: false },
  name: 'Jan-Willem, de; Vries',
  emailAddresses: [{ type: 'work', email: 'jan,willem@example.com' }],
  phoneNumbers: [
    { type: 'mobile', phoneNumber: '+31 6 1234 5678, ext. 12; ask for Jan' },
    { type: 'work', phoneNumber: '020\\123' },
  ],
  company: { name: 'Bakkerij Zoet; & Zout, B.V.', position: 'Chef, bakker; eigenaar' },
  address: {
    street: 'Lange Gracht 1; achterom, 2e deur',
    city: "'s-Hertogenbosch, Noord",
    zipCode: '1000;AA',
    country: 'NL',
  },
  website: {
    personal: 'https://example.com/menu?dag=ma,di;wo',
    linkedIn: 'https://www.linkedin.com/in/jan,de;vries',
  },
} as ContactData;

const EXPECTED = {
  fn: 'Jan-Willem, de; Vries',
  n: ['Vries', 'Jan-Willem, de;', '', '', ''],
  org: 'Bakkerij Zoet; & Zout, B.V.',
  title: 'Chef, bakker; eigenaar',
  email: 'jan,willem@example.com',
  tel: ['+31 6 1234 5678, ext. 12; ask for Jan', '020\\123'],
  adr: [
    '',
    '',
    'Lange Gracht 1; achterom, 2e deur',
    "'s-Hertogenbosch, Noord",
    '',
    '1000;AA',
    'Netherlands',
  ],
  url: ['https://example.com/menu?dag=ma,di;wo', 'https://www.linkedin.com/in/jan,de;vries'],
};

/** What Python's vobject reads from the card, as JSON. */
function readWithVobject(card: string): Record<string, unknown> {
  const script = `
import json, sys, vobject
c = vobject.readOne(sys.stdin.read())
n = c.n.value
a = c.adr.value
print(json.dumps({
  'fn': c.fn.value,
  'n': [n.family, n.given, n.additional, n.prefix, n.suffix],
  'org': c.org.value[0] if isinstance(c.org.value, list) else c.org.value,
  'title': c.title.value,
  'email': c.email.value,
  'tel': [t.value for t in c.tel_list],
  'adr': [a.box, a.extended, a.street, a.city, a.region, a.code, a.country],
  'url': [u.value for u in c.url_list],
}))`;
  // Debian's python3, where python3-vobject is installed (not a pyenv one earlier on the PATH).
  const out = execFileSync('/usr/bin/python3', ['-c', script], { input: card, encoding: 'utf8' });
  return JSON.parse(out) as Record<string, unknown>;
}

function readWithIcalJs(card: string): Record<string, unknown> {
  const [, properties] = ICAL.parse(card) as [string, [string, object, string, ...unknown[]][]];
  const all = (name: string) => properties.filter(([key]) => key === name).map((p) => p[3]);
  const one = (name: string) => all(name)[0];
  return {
    fn: one('fn'),
    n: one('n'),
    org: one('org'),
    title: one('title'),
    email: one('email'),
    tel: all('tel'),
    adr: one('adr'),
    url: all('url'),
  };
}

describe('vCard escaping', () => {
  const card = buildVCard(CONTACT);

  it('is a vCard 4.0 with CRLF line ends and no line over 75 octets', () => {
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    for (const line of card.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
  });

  it('reads back identically with python3-vobject', () => {
    expect(readWithVobject(card)).toEqual(EXPECTED);
  });

  it('reads back identically with ical.js', () => {
    expect(readWithIcalJs(card)).toEqual(EXPECTED);
  });

  it('folds long non-ASCII values without cutting a character', () => {
    const long = buildVCard({ ...CONTACT, name: 'Ærøskøbing ☕ '.repeat(12).trim() });
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(readWithVobject(long).fn).toBe('Ærøskøbing ☕ '.repeat(12).trim());
    expect(readWithIcalJs(long).fn).toBe('Ærøskøbing ☕ '.repeat(12).trim());
    expect(foldLine('x'.repeat(150)).split('\r\n ')).toHaveLength(3);
  });
});
