import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildUtm,
  EMPTY_UTM,
  parseUtm,
  utmPresetsInputSchema,
  type UtmTags,
} from '../../src/shared/utm';

describe('buildUtm / parseUtm', () => {
  it('adds the five tags in a fixed order after the existing query and before the fragment', () => {
    const url = buildUtm('https://example.com/shop?ref=a%20b#top', {
      campaign: 'spring sale',
      source: 'flyer',
      medium: 'print',
    });
    expect(url).toBe(
      'https://example.com/shop?ref=a%20b&utm_source=flyer&utm_medium=print&utm_campaign=spring%20sale#top',
    );
  });

  it('reads the tags back, missing ones as empty', () => {
    expect(parseUtm('https://x.test/?utm_source=news+letter&utm_term=a%26b')).toEqual({
      ...EMPTY_UTM,
      source: 'news letter',
      term: 'a&b',
    });
    expect(parseUtm('https://x.test/')).toEqual(EMPTY_UTM);
    expect(parseUtm('')).toEqual(EMPTY_UTM);
  });

  it('replaces a tag in place, removes an emptied one and leaves tags it was not given', () => {
    const url = 'https://x.test/?utm_source=old&a=1&utm_medium=mail';
    expect(buildUtm(url, { source: 'new' })).toBe(
      'https://x.test/?utm_source=new&a=1&utm_medium=mail',
    );
    expect(buildUtm(url, { source: '', medium: '' })).toBe('https://x.test/?a=1');
    expect(buildUtm('https://x.test/?utm_source=a', { source: ' ' })).toBe('https://x.test/');
  });

  it('keeps other parameters byte for byte', () => {
    const url = 'https://x.test/p?q=a+b&empty&x=%2F';
    expect(buildUtm(url, { source: 's' })).toBe('https://x.test/p?q=a+b&empty&x=%2F&utm_source=s');
  });

  it('round-trips: what was built parses back to the same tags, and rebuilding changes nothing', () => {
    const tag = fc.string({ maxLength: 20 }).map((value) => value.trim());
    fc.assert(
      fc.property(
        fc.record({ source: tag, medium: tag, campaign: tag, term: tag, content: tag }),
        fc.constantFrom('https://a.test/', 'https://a.test/?x=1', 'https://a.test/p?y=2#f'),
        (tags: UtmTags, base) => {
          const built = buildUtm(base, tags);
          expect(parseUtm(built)).toEqual(tags);
          expect(buildUtm(built, parseUtm(built))).toBe(built);
        },
      ),
    );
  });
});

describe('utmPresetsInputSchema', () => {
  it('takes named presets and refuses a name used twice', () => {
    const preset = { name: 'Flyer', tags: { source: 'flyer', medium: 'print' } };
    expect(utmPresetsInputSchema.parse({ presets: [preset] }).presets[0].tags.campaign).toBe('');
    const twice = utmPresetsInputSchema.safeParse({
      presets: [preset, { ...preset, name: 'flyer' }],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0].path).toEqual(['presets', 1, 'name']);
  });
});
