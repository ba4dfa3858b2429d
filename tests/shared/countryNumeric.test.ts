// Every country of the built-in list has its ISO numeric code, once, so the world map can shade it.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/shared/countries';
import { alpha2OfNumeric, ISO_NUMERIC } from '../../src/shared/countryNumeric';

describe('ISO_NUMERIC', () => {
  it('maps every listed country to a distinct three-digit code, and back', () => {
    for (const { code } of COUNTRIES) {
      expect(ISO_NUMERIC[code], code).toMatch(/^\d{3}$/);
      expect(alpha2OfNumeric(ISO_NUMERIC[code])).toBe(code);
    }
    expect(new Set(Object.values(ISO_NUMERIC)).size).toBe(COUNTRIES.length);
    expect(ISO_NUMERIC.NL).toBe('528');
    expect(alpha2OfNumeric('840')).toBe('US');
  });
});
