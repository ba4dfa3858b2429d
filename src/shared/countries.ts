// The built-in country list of SPEC §3 (ISO 3166-1 alpha-2, 249 entries), with English and Dutch
// names, so the contact form and the server agree without an Intl lookup at run time. The table
// itself is data (src/shared/data/countries.json, one country a line), not code.
import countries from './data/countries.json' with { type: 'json' };

export interface Country {
  code: string;
  name: string;
  nameNl: string;
}

export const COUNTRIES: readonly Country[] = countries;

/** The codes as a tuple for z.enum. */
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export const isCountryCode = (value: unknown): value is string =>
  typeof value === 'string' && BY_CODE.has(value);

/** The country name in the given language, or the code itself when unknown. */
export function countryName(code: string, language: 'nl' | 'en' = 'nl'): string {
  const country = BY_CODE.get(code);
  if (!country) return code;
  return language === 'nl' ? country.nameNl : country.name;
}
