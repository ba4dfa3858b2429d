// When a logged-in user's saved language differs from the shown one, switch to it (SPEC §7).
import { useEffect } from 'react';
import { useGetIdentity, useLocaleState } from 'react-admin';
import { isLanguage } from '../providers/i18nProvider';

export function LanguageSync() {
  const { identity } = useGetIdentity();
  const [locale, setLocale] = useLocaleState();
  const saved = (identity?.localization as { language?: string } | undefined)?.language;
  useEffect(() => {
    if (isLanguage(saved) && saved !== locale) setLocale(saved);
  }, [saved, locale, setLocale]);
  return null;
}
