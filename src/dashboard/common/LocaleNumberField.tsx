// Counts in the interface language, not the browser's (issue 13): react-admin's NumberField
// formats with the browser's locale unless told otherwise ("1,234" in the Dutch UI).
import { NumberField, useLocale, type NumberFieldProps } from 'react-admin';
import { formatLocale } from '../../shared/locale';

export function LocaleNumberField(props: NumberFieldProps) {
  const locale = useLocale();
  return <NumberField locales={formatLocale(locale)} {...props} />;
}
