// The one mapping from an interface language to the BCP 47 tag every date, number and money
// format uses (issue 13: never the browser's locale, "11/23/2026" in the Dutch UI).

/** Dutch as in the Netherlands, British English. */
export function formatLocale(language: string): string {
  return language === 'en' ? 'en-GB' : 'nl-NL';
}
