import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { actionInputSchema, actionContentSchema } from '../../src/shared/schemas/action.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';
import { sanitizeRichText } from '../../src/shared/richText.js';
import { COUNTRIES, countryName, isCountryCode } from '../../src/shared/countries.js';
import { ACTION_TYPES } from '../../src/shared/enums.js';

const ULID = '01J0000000000000000000000A';
const s = (n: number) => 'x'.repeat(n);
const emailOf = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

/** A valid body per kind, to which each case applies one broken field. */
const VALID: Record<(typeof ACTION_TYPES)[number], Record<string, unknown>> = {
  link: { link: 'https://example.com/path?q=1' },
  file: { media: { mediaId: ULID, remove: false } },
  contact: { name: 'Ada Lovelace' },
  textArea: { text: '<p>Hello</p>' },
  appLink: { applicationName: 'App' },
  email: { address: 'info@example.com' },
  phoneNumber: { phoneNumber: '+31 6 1234 5678' },
  sms: { phoneNumber: '+31612345678', body: 'Hi' },
  whatsapp: { number: '+31612345678', text: 'Hi' },
  sound: { sound: { mediaId: ULID, remove: false } },
};

function errorsFor(objectType: string, data: unknown, extra: Record<string, unknown> = {}) {
  const result = actionInputSchema.safeParse({ name: 'My action', objectType, data, ...extra });
  return result.success ? [] : zodErrorToApiErrors(result.error);
}

describe('Action schema: every kind parses', () => {
  it.each(ACTION_TYPES)('%s with its minimal valid data', (type) => {
    const result = actionInputSchema.safeParse({ name: 'n', objectType: type, data: VALID[type] });
    expect(result.success).toBe(true);
    expect(actionContentSchema.safeParse({ objectType: type, data: VALID[type] }).success).toBe(
      true,
    );
  });
});

// [kind, data, pointer, code, meta]
const RULES: [string, string, Record<string, unknown>, string, string, object | undefined][] = [
  ['link required', 'link', { link: '' }, '/data/link', 'required', undefined],
  [
    'link max 2048',
    'link',
    { link: `https://a.nl/${s(2040)}` },
    '/data/link',
    'max',
    { max: 2048 },
  ],
  ['link javascript:', 'link', { link: 'javascript:alert(1)' }, '/data/link', 'url', undefined],
  [
    'link data:',
    'link',
    { link: 'data:text/html,<script>1</script>' },
    '/data/link',
    'url',
    undefined,
  ],
  ['link ftp:', 'link', { link: 'ftp://example.com/file' }, '/data/link', 'url', undefined],
  ['link no host', 'link', { link: 'https://' }, '/data/link', 'url', undefined],
  [
    'file required',
    'file',
    { media: { mediaId: null, remove: false } },
    '/data/media',
    'required',
    undefined,
  ],
  [
    'file being removed',
    'file',
    { media: { mediaId: ULID, remove: true } },
    '/data/media',
    'required',
    undefined,
  ],
  [
    'file id not a ulid',
    'file',
    { media: { mediaId: 'x', remove: false } },
    '/data/media/mediaId',
    'regex',
    undefined,
  ],
  ['contact name required', 'contact', { name: '' }, '/data/name', 'required', undefined],
  ['contact name max', 'contact', { name: s(256) }, '/data/name', 'max', { max: 255 }],
  [
    'contact email required',
    'contact',
    { name: 'a', emailAddresses: [{ type: 'work', email: '' }] },
    '/data/emailAddresses/0/email',
    'required',
    undefined,
  ],
  [
    'contact email valid',
    'contact',
    { name: 'a', emailAddresses: [{ type: 'work', email: 'nope' }] },
    '/data/emailAddresses/0/email',
    'email',
    undefined,
  ],
  [
    'contact email max',
    'contact',
    { name: 'a', emailAddresses: [{ type: 'work', email: emailOf(256) }] },
    '/data/emailAddresses/0/email',
    'max',
    { max: 255 },
  ],
  [
    'contact email type',
    'contact',
    { name: 'a', emailAddresses: [{ type: 'home', email: 'a@b.nl' }] },
    '/data/emailAddresses/0/type',
    'in',
    { values: ['work', 'private', 'other'] },
  ],
  [
    'contact phone required',
    'contact',
    { name: 'a', phoneNumbers: [{ type: 'mobile', phoneNumber: '' }] },
    '/data/phoneNumbers/0/phoneNumber',
    'required',
    undefined,
  ],
  [
    'contact phone max',
    'contact',
    { name: 'a', phoneNumbers: [{ type: 'mobile', phoneNumber: s(256) }] },
    '/data/phoneNumbers/0/phoneNumber',
    'max',
    { max: 255 },
  ],
  [
    'contact phone type',
    'contact',
    { name: 'a', phoneNumbers: [{ type: 'fax', phoneNumber: '1' }] },
    '/data/phoneNumbers/0/type',
    'in',
    { values: ['mobile', 'home', 'work', 'other'] },
  ],
  [
    'contact company name max',
    'contact',
    { name: 'a', company: { name: s(256) } },
    '/data/company/name',
    'max',
    { max: 255 },
  ],
  [
    'contact position max',
    'contact',
    { name: 'a', company: { position: s(256) } },
    '/data/company/position',
    'max',
    { max: 255 },
  ],
  [
    'contact street max',
    'contact',
    { name: 'a', address: { street: s(256) } },
    '/data/address/street',
    'max',
    { max: 255 },
  ],
  [
    'contact city max',
    'contact',
    { name: 'a', address: { city: s(256) } },
    '/data/address/city',
    'max',
    { max: 255 },
  ],
  [
    'contact zipCode max',
    'contact',
    { name: 'a', address: { zipCode: s(256) } },
    '/data/address/zipCode',
    'max',
    { max: 255 },
  ],
  [
    'contact country code',
    'contact',
    { name: 'a', address: { country: 'XX' } },
    '/data/address/country',
    'invalid',
    undefined,
  ],
  [
    'contact website max',
    'contact',
    { name: 'a', website: { personal: `https://a.nl/${s(250)}` } },
    '/data/website/personal',
    'max',
    { max: 255 },
  ],
  [
    'contact linkedIn max',
    'contact',
    { name: 'a', website: { linkedIn: `https://a.nl/${s(250)}` } },
    '/data/website/linkedIn',
    'max',
    { max: 255 },
  ],
  [
    'contact website javascript:',
    'contact',
    { name: 'a', website: { personal: 'javascript:alert(1)' } },
    '/data/website/personal',
    'url',
    undefined,
  ],
  ['textArea too long', 'textArea', { text: s(65536) }, '/data/text', 'max', { max: 65535 }],
  [
    'appLink applicationName max',
    'appLink',
    { applicationName: s(256) },
    '/data/applicationName',
    'max',
    { max: 255 },
  ],
  [
    'appLink developerName max',
    'appLink',
    { developerName: s(256) },
    '/data/developerName',
    'max',
    { max: 255 },
  ],
  ['appLink title max', 'appLink', { title: s(256) }, '/data/title', 'max', { max: 255 }],
  [
    'appLink description max',
    'appLink',
    { description: s(256) },
    '/data/description',
    'max',
    { max: 255 },
  ],
  [
    'appLink website max',
    'appLink',
    { website: `https://a.nl/${s(250)}` },
    '/data/website',
    'max',
    { max: 255 },
  ],
  [
    'appLink appStore prefix',
    'appLink',
    { appStore: 'https://evil.example/app' },
    '/data/appStore',
    'prefix',
    { prefix: 'https://apps.apple.com/' },
  ],
  [
    'appLink appStore max',
    'appLink',
    { appStore: `https://apps.apple.com/${s(240)}` },
    '/data/appStore',
    'max',
    { max: 255 },
  ],
  [
    'appLink playStore prefix',
    'appLink',
    { playStore: 'https://play.google.com/other' },
    '/data/playStore',
    'prefix',
    { prefix: 'https://play.google.com/store/apps/' },
  ],
  [
    'appLink playStore max',
    'appLink',
    { playStore: `https://play.google.com/store/apps/${s(230)}` },
    '/data/playStore',
    'max',
    { max: 255 },
  ],
  ['email address required', 'email', { address: '' }, '/data/address', 'required', undefined],
  [
    'email address valid',
    'email',
    { address: 'not-an-email' },
    '/data/address',
    'email',
    undefined,
  ],
  [
    'email address max 320',
    'email',
    { address: emailOf(321) },
    '/data/address',
    'max',
    { max: 320 },
  ],
  [
    'email subject max 998',
    'email',
    { address: 'a@b.nl', subject: s(999) },
    '/data/subject',
    'max',
    { max: 998 },
  ],
  [
    'email cc valid',
    'email',
    { address: 'a@b.nl', cc: [{ address: 'x' }] },
    '/data/cc/0/address',
    'email',
    undefined,
  ],
  [
    'email cc max',
    'email',
    { address: 'a@b.nl', cc: [{ address: emailOf(256) }] },
    '/data/cc/0/address',
    'max',
    { max: 255 },
  ],
  [
    'email bcc valid',
    'email',
    { address: 'a@b.nl', bcc: [{ address: 'x' }] },
    '/data/bcc/0/address',
    'email',
    undefined,
  ],
  [
    'email bcc max',
    'email',
    { address: 'a@b.nl', bcc: [{ address: emailOf(256) }] },
    '/data/bcc/0/address',
    'max',
    { max: 255 },
  ],
  [
    'phoneNumber required',
    'phoneNumber',
    { phoneNumber: '' },
    '/data/phoneNumber',
    'required',
    undefined,
  ],
  [
    'phoneNumber max 50',
    'phoneNumber',
    { phoneNumber: '1'.repeat(51) },
    '/data/phoneNumber',
    'max',
    { max: 50 },
  ],
  [
    'phoneNumber characters',
    'phoneNumber',
    { phoneNumber: '06-abc' },
    '/data/phoneNumber',
    'regex',
    undefined,
  ],
  ['sms number required', 'sms', { phoneNumber: '' }, '/data/phoneNumber', 'required', undefined],
  [
    'sms number max 50',
    'sms',
    { phoneNumber: '1'.repeat(51) },
    '/data/phoneNumber',
    'max',
    { max: 50 },
  ],
  ['whatsapp number required', 'whatsapp', { number: '' }, '/data/number', 'required', undefined],
  [
    'whatsapp number max 50',
    'whatsapp',
    { number: '1'.repeat(51) },
    '/data/number',
    'max',
    { max: 50 },
  ],
  [
    'sound file required',
    'sound',
    { sound: { mediaId: null, remove: false } },
    '/data/sound',
    'required',
    undefined,
  ],
  [
    'sound title max',
    'sound',
    { ...VALID.sound, title: s(256) },
    '/data/title',
    'max',
    { max: 255 },
  ],
  [
    'sound subtitle max 1000',
    'sound',
    { ...VALID.sound, subtitle: s(1001) },
    '/data/subtitle',
    'max',
    { max: 1000 },
  ],
];

describe('Action schema: SPEC §5 rules', () => {
  it.each(RULES)('%s', (_name, type, data, pointer, code, meta) => {
    const errors = errorsFor(type, data);
    const error = errors.find((e) => e.source?.pointer === pointer);
    expect(error, JSON.stringify(errors)).toBeDefined();
    expect(error?.code).toBe(code);
    if (meta) expect(error?.meta).toMatchObject(meta);
  });

  it('refuses an unknown objectType at /objectType', () => {
    const errors = errorsFor('coronaLocation', {});
    expect(errors[0]).toMatchObject({ code: 'invalid', source: { pointer: '/objectType' } });
  });

  it('requires the name', () => {
    expect(errorsFor('link', VALID.link, { name: '' })[0]).toMatchObject({
      code: 'required',
      source: { pointer: '/name' },
    });
  });

  it.each([
    ['empty app store', { appStore: '' }],
    ['apple prefix', { appStore: 'https://apps.apple.com/nl/app/id1' }],
    ['play prefix', { playStore: 'https://play.google.com/store/apps/details?id=x' }],
  ])('accepts %s', (_n, data) => {
    expect(errorsFor('appLink', data)).toEqual([]);
  });

  it('gives a bare website https:// and keeps empty fields null', () => {
    const parsed = actionInputSchema.parse({
      name: 'n',
      objectType: 'contact',
      data: { name: 'a', website: { personal: 'www.example.nl', linkedIn: '' } },
    });
    expect(parsed.data).toMatchObject({
      website: { personal: 'https://www.example.nl', linkedIn: null },
      address: { country: null },
    });
  });
});

describe('a link typed without https:// (issue 13)', () => {
  const parseLink = (link: string) =>
    actionInputSchema.parse({ name: 'n', objectType: 'link', data: { link } }).data;

  it.each([
    ['example.com/x', 'https://example.com/x'],
    ['www.example.nl', 'https://www.example.nl'],
    ['  shop.example.org/a?b=1 ', 'https://shop.example.org/a?b=1'],
    ['http://example.com/', 'http://example.com/'],
  ])('%s becomes %s', (typed, stored) => {
    expect(parseLink(typed)).toEqual({ link: stored });
  });

  it.each(['javascript:alert(1)', 'mailto:a@example.com', 'not a url'])(
    '%s is still refused as url',
    (typed) => {
      expect(errorsFor('link', { link: typed })[0]).toMatchObject({
        code: 'url',
        source: { pointer: '/data/link' },
      });
    },
  );
});

describe('Activity in the Action body', () => {
  const link = (activity: unknown) => errorsFor('link', VALID.link, { activity });

  it.each([
    [
      'end before start',
      { mode: 'period', start: '2025-05-02T10:00:00Z', end: '2025-05-01T10:00:00Z' },
      '/activity/end',
      'date_after_or_equal',
    ],
    [
      'period without start',
      { mode: 'period', end: '2025-05-01T10:00:00Z' },
      '/activity/start',
      'required',
    ],
    [
      'period without end',
      { mode: 'period', start: '2025-05-01T10:00:00Z' },
      '/activity/end',
      'required',
    ],
    [
      'interval without interval',
      { mode: 'interval', start: '2025-05-01T10:00:00Z', noEndDate: true },
      '/activity/interval',
      'required',
    ],
    [
      'interval unit',
      {
        mode: 'interval',
        start: '2025-05-01T10:00:00Z',
        noEndDate: true,
        interval: { every: 1, unit: 'hours', duration: 1, durationUnit: 'days' },
      },
      '/activity/interval/unit',
      'in',
    ],
    [
      'not a date',
      { mode: 'period', start: 'tomorrow', noEndDate: true },
      '/activity/start',
      'regex',
    ],
    ['unknown mode', { mode: 'sometimes' }, '/activity/mode', 'in'],
    [
      'bad time zone',
      { mode: 'always', timeZone: 'Mars/Olympus' },
      '/activity/timeZone',
      'invalid',
    ],
  ])('%s', (_n, activity, pointer, code) => {
    const error = link(activity).find((e) => e.source?.pointer === pointer);
    expect(error?.code).toBe(code);
  });

  it('carries the notice key for end-before-start', () => {
    const [error] = link({
      mode: 'period',
      start: '2025-05-02T10:00:00Z',
      end: '2025-05-01T10:00:00Z',
    });
    expect(error.meta).toMatchObject({ messageKey: 'notifications.endDateBeforeStartDate' });
  });

  it.each([
    [
      'equal instants',
      { mode: 'period', start: '2025-05-01T10:00:00Z', end: '2025-05-01T10:00:00Z' },
    ],
    [
      'whole day on one day',
      {
        mode: 'period',
        wholeDay: true,
        start: '2025-05-01T10:00:00Z',
        end: '2025-05-01T08:00:00Z',
      },
    ],
    ['no end date', { mode: 'period', start: '2025-05-01T10:00:00Z', noEndDate: true }],
  ])('accepts %s', (_n, activity) => {
    expect(link(activity)).toEqual([]);
  });
});

describe('sanitizeRichText', () => {
  const purify = createDOMPurify(new JSDOM('').window);

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<h1>Big</h1><h3>Small</h3>', 'Big<h3>Small</h3>'],
    ['<p style="text-align: center">c</p>', '<p style="text-align: center">c</p>'],
    ['<p style="text-align: justify">j</p>', '<p>j</p>'],
    ['<p style="color: red; text-align: left">x</p>', '<p>x</p>'],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    [
      '<a href="https://a.nl">x</a>',
      '<a href="https://a.nl" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    ['<iframe src="https://a.nl"></iframe><svg><g onload="x"></g></svg>', ''],
  ])('%s', (input, output) => {
    expect(sanitizeRichText(input, purify)).toBe(output);
  });

  it('writes alignment as a class for CSP-strict pages and leaves the instance clean', () => {
    expect(
      sanitizeRichText('<h3 style="text-align:right">r</h3>', purify, { alignment: 'class' }),
    ).toBe('<h3 class="align-right">r</h3>');
    // No hook left behind on the shared instance.
    expect(purify.sanitize('<p class="k">x</p>')).toBe('<p class="k">x</p>');
  });
});

describe('countries', () => {
  it('lists ISO codes with English and Dutch names', () => {
    expect(COUNTRIES.length).toBe(249);
    expect(isCountryCode('NL')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(countryName('NL', 'en')).toBe('Netherlands');
    expect(countryName('BE', 'nl')).toBe('België');
  });
});
