// Dates in the interface language, not the browser's (issue 13: "11/23/2026" in the Dutch UI).
import { DateField, useLocale, type DateFieldProps } from 'react-admin';
import { formatLocale } from '../../shared/locale';

export function LocaleDateField(props: DateFieldProps) {
  const locale = useLocale();
  return <DateField locales={formatLocale(locale)} {...props} />;
}
