import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  RANDOM_URI_ALPHABET,
  SHORT_LINK_URI_MAX,
  SHORT_LINK_URI_PATTERN,
  randomUri,
  shortLinkInputSchema,
  shortLinkUpdateSchema,
} from '../../src/shared/schemas/shortLink.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';

const ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

function firstError(input: unknown) {
  const result = shortLinkInputSchema.safeParse(input);
  if (result.success) return null;
  const [error] = zodErrorToApiErrors(result.error);
  return [error.source?.pointer, error.code, error.meta];
}

describe('shortLinkInputSchema', () => {
  it.each([
    ['abc', true],
    ['ABC-def_123', true],
    ['-_-', true],
    ['a'.repeat(SHORT_LINK_URI_MAX), true],
    ['  trimmed  ', true],
  ])('uri %j is valid', (uri) => {
    expect(firstError({ uri, name: 'Name' })).toBeNull();
  });

  it.each([
    ['has space', ['/uri', 'regex', undefined]],
    ['slash/x', ['/uri', 'regex', undefined]],
    ['dot.x', ['/uri', 'regex', undefined]],
    ['ünïcode', ['/uri', 'regex', undefined]],
    ['query?x=1', ['/uri', 'regex', undefined]],
    ['', ['/uri', 'required', undefined]],
    ['a'.repeat(SHORT_LINK_URI_MAX + 1), ['/uri', 'max', { max: SHORT_LINK_URI_MAX }]],
  ])('uri %j → %j', (uri, expected) => {
    expect(firstError({ uri, name: 'Name' })).toEqual(expected);
  });

  it('needs a name of at most 255, a description of at most 1000, an actionId ULID or null', () => {
    expect(firstError({ uri: 'x' })).toEqual(['/name', 'required', undefined]);
    expect(firstError({ uri: 'x', name: 'n'.repeat(256) })).toEqual(['/name', 'max', { max: 255 }]);
    expect(firstError({ uri: 'x', name: 'n', description: 'd'.repeat(1001) })).toEqual([
      '/description',
      'max',
      { max: 1000 },
    ]);
    expect(firstError({ uri: 'x', name: 'n', actionId: 'nope' })).toEqual([
      '/actionId',
      'regex',
      undefined,
    ]);
    expect(shortLinkInputSchema.parse({ uri: 'x', name: 'n', actionId: ULID }).actionId).toBe(ULID);
    expect(shortLinkInputSchema.parse({ uri: 'x', name: 'n', description: '' })).toMatchObject({
      description: null,
      actionId: null,
    });
  });

  it('the update schema takes any subset (the API applies only the keys sent)', () => {
    expect(shortLinkUpdateSchema.safeParse({}).success).toBe(true);
    expect(shortLinkUpdateSchema.parse({ name: 'Only' }).name).toBe('Only');
    expect(shortLinkUpdateSchema.safeParse({ uri: 'bad uri' }).success).toBe(false);
  });
});

describe('randomUri', () => {
  it('makes 6–8 characters of the allowed alphabet', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), (length) => {
        const uri = randomUri(length);
        expect(uri.length).toBeGreaterThanOrEqual(6);
        expect(uri.length).toBeLessThanOrEqual(8);
        expect(uri).toMatch(SHORT_LINK_URI_PATTERN);
        for (const char of uri) expect(RANDOM_URI_ALPHABET).toContain(char);
      }),
    );
  });

  it('defaults to 7 and rarely repeats', () => {
    expect(randomUri()).toHaveLength(7);
    const many = new Set(Array.from({ length: 1000 }, () => randomUri()));
    expect(many.size).toBe(1000);
  });

  it('leaves out look-alike characters', () => {
    for (const char of '0O1lI') expect(RANDOM_URI_ALPHABET).not.toContain(char);
  });
});
