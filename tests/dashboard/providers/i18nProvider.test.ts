// Both catalogues carry the same keys, and our Dutch (over ra-language-dutch) has every key and
// placeholder that react-admin 5's English messages use.
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import dutchMessages from 'ra-language-dutch';
import en from '../../../locales/en.json';
import nl from '../../../locales/nl.json';
import { deepMerge } from '../../../src/dashboard/providers/i18nProvider';
import { API_ERROR_CODES } from '../../../src/shared/errors';

type Tree = Record<string, unknown>;

function flatten(
  tree: Tree,
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value as Tree, path, out);
    else out[path] = String(value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

const ours = { en: flatten(en as Tree), nl: flatten(nl as Tree) };
const raEnglish = flatten(englishMessages as unknown as Tree);
const dutch = flatten(deepMerge(dutchMessages as unknown as Tree, nl as Tree));

describe('locale files', () => {
  it('nl.json and en.json have the same keys', () => {
    const enKeys = Object.keys(ours.en).sort();
    const nlKeys = Object.keys(ours.nl).sort();
    expect(nlKeys.filter((key) => !ours.en[key])).toEqual([]);
    expect(enKeys.filter((key) => !(key in ours.nl))).toEqual([]);
  });

  it('our keys use the same placeholders in both languages', () => {
    const mismatches = Object.keys(ours.en).filter(
      (key) =>
        key in ours.nl && placeholders(ours.en[key]).join() !== placeholders(ours.nl[key]).join(),
    );
    expect(mismatches).toEqual([]);
  });

  it('Dutch has every react-admin 5 key, with all of its placeholders', () => {
    const missing = Object.keys(raEnglish).filter((key) => !(key in dutch));
    expect(missing).toEqual([]);
    const wrong = Object.entries(raEnglish)
      .filter(([key, text]) =>
        placeholders(text).some((name) => !dutch[key]?.includes(`%{${name}}`)),
      )
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('every API error code has a message in both languages', () => {
    for (const code of API_ERROR_CODES) {
      expect(ours.en[`errors.api.${code}`], code).toBeTruthy();
      expect(ours.nl[`errors.api.${code}`], code).toBeTruthy();
    }
  });
});
