// The advertisement schema: every rule with the API code and pointer the server and the dashboard
// share, the display time bounds (1000–60000 ms) included, and the link bodies.
import { describe, expect, it } from 'vitest';
import {
  AD_DISPLAY_TIME_MAX_MS,
  AD_DISPLAY_TIME_MIN_MS,
  advertisementInputSchema,
  advertisementQrCodesSchema,
  qrCodeAdvertisementsSchema,
} from '../../src/shared/schemas/advertisement.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';

const ULID = '01J0000000000000000000000A';
const VALID = { name: 'Sale', text: 'Hello', displayTimeMs: 5000 };

function errorsOf(body: Record<string, unknown>) {
  const result = advertisementInputSchema.safeParse({ ...VALID, ...body });
  return result.success ? [] : zodErrorToApiErrors(result.error);
}

describe('advertisementInputSchema', () => {
  it('normalises a valid body', () => {
    expect(
      advertisementInputSchema.parse({
        name: '  Sale ',
        text: '  Line one\nLine two  ',
        link: '',
        displayTimeMs: 1000,
      }),
    ).toEqual({
      name: 'Sale',
      text: 'Line one\nLine two',
      imageMediaId: null,
      link: null,
      displayTimeMs: 1000,
    });
  });

  it('an image without text is enough', () => {
    expect(
      advertisementInputSchema.parse({ ...VALID, text: null, imageMediaId: ULID }),
    ).toMatchObject({ text: null, imageMediaId: ULID });
  });

  it.each([AD_DISPLAY_TIME_MIN_MS, 5000, AD_DISPLAY_TIME_MAX_MS])(
    '%i ms is within bounds',
    (ms) => {
      expect(errorsOf({ displayTimeMs: ms })).toEqual([]);
    },
  );

  it.each([
    [{ displayTimeMs: 999 }, 'between', '/displayTimeMs', { min: 1000, max: 60000 }],
    [{ displayTimeMs: 60001 }, 'between', '/displayTimeMs', { min: 1000, max: 60000 }],
    [{ displayTimeMs: 1500.5 }, 'integer', '/displayTimeMs', undefined],
    [{ displayTimeMs: '5000' }, 'numeric', '/displayTimeMs', undefined],
    [{ displayTimeMs: undefined }, 'required', '/displayTimeMs', undefined],
    [{ name: '' }, 'required', '/name', undefined],
    [{ name: '   ' }, 'required', '/name', undefined],
    [{ name: 'x'.repeat(256) }, 'max', '/name', { max: 255 }],
    [{ text: 'x'.repeat(2001) }, 'max', '/text', { max: 2000 }],
    [{ text: '' }, 'required', '/text', undefined],
    [{ text: null, imageMediaId: null }, 'required', '/text', undefined],
    [{ link: 'javascript:alert(1)' }, 'url', '/link', undefined],
    [{ link: 'data:text/html,hi' }, 'url', '/link', undefined],
    [{ link: `https://example.com/${'x'.repeat(2048)}` }, 'max', '/link', { max: 2048 }],
    [{ imageMediaId: 'abc' }, 'regex', '/imageMediaId', undefined],
  ])('%j → %s at %s', (body, code, pointer, meta) => {
    const error = errorsOf(body).find((candidate) => candidate.source?.pointer === pointer);
    expect(error).toMatchObject({ code, source: { pointer } });
    if (meta) expect(error?.meta).toEqual(meta);
  });
});

describe('link bodies', () => {
  it('drop duplicates and want ULIDs', () => {
    expect(advertisementQrCodesSchema.parse({ qrCodeIds: [ULID, ULID] })).toEqual({
      qrCodeIds: [ULID],
    });
    expect(qrCodeAdvertisementsSchema.parse({ advertisementIds: [] })).toEqual({
      advertisementIds: [],
    });
    const result = advertisementQrCodesSchema.safeParse({ qrCodeIds: [ULID, 'x'] });
    expect(result.success ? [] : zodErrorToApiErrors(result.error)).toMatchObject([
      { code: 'regex', source: { pointer: '/qrCodeIds/1' } },
    ]);
  });
});
