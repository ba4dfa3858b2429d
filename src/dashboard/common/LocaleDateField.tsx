// Dates in the interface language, not the browser's (issue 13: "11/23/2026" in the Dutch UI).
import { DateField, useLocale, type DateFieldProps } from 'react-admin';

/** The BCP 47 tag for our interface languages: Dutch as in the Netherlands, British English. */
export function formatLocale(language: string): string {
  return language === 'en' ? 'en-GB' : 'nl-NL';
}

export function LocaleDateField(props: DateFieldProps) {
  const locale = useLocale();
  return <DateField locales={formatLocale(locale)} {...props} />;
}
