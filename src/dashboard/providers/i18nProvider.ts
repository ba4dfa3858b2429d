// Dutch by default, English as fallback; both catalogues load lazily (SPEC §7, "Locale files
// load lazily") and our keys are merged over react-admin's own.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../shared/enums';
import { readLanguageCookie } from './store';

type Messages = Record<string, unknown>;

function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge(...sources: Messages[]): Messages {
  const result: Messages = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      const existing = result[key];
      result[key] =
        isObject(value) && isObject(existing)
          ? deepMerge(existing, value)
          : isObject(value)
            ? deepMerge(value)
            : value;
    }
  }
  return result;
}

async function loadEnglish(): Promise<Messages> {
  const [base, ours] = await Promise.all([
    import('ra-language-english'),
    import('../../../locales/en.json'),
  ]);
  return deepMerge(base.default as unknown as Messages, ours.default as Messages);
}

async function loadDutch(): Promise<Messages> {
  const [english, base, ours] = await Promise.all([
    import('ra-language-english'),
    import('ra-language-dutch'),
    import('../../../locales/nl.json'),
  ]);
  return deepMerge(
    english.default as unknown as Messages,
    base.default as unknown as Messages,
    ours.default as Messages,
  );
}

const cache = new Map<Language, TranslationMessages>();

/**
 * Loads a locale. For Dutch, react-admin's English (a small chunk of its own) fills any of its
 * keys Dutch lacks; our own catalogues hold the same keys (a test checks), so Dutch does not
 * download our English one (issue 13, part 9).
 */
export async function loadMessages(locale: Language): Promise<TranslationMessages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const messages = locale === FALLBACK_LANGUAGE ? await loadEnglish() : await loadDutch();
  cache.set(locale, messages as TranslationMessages);
  return messages as TranslationMessages;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function initialLanguage(): Language {
  return readLanguageCookie() ?? DEFAULT_LANGUAGE;
}

/** Builds the provider once the initial locale is loaded (polyglot needs it synchronously). */
export async function createI18nProvider(
  locale: Language = initialLanguage(),
): Promise<I18nProvider> {
  await loadMessages(locale);
  document.documentElement.lang = locale;
  return polyglotI18nProvider(
    (requested) => {
      const language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
      return cache.get(language) ?? loadMessages(language);
    },
    locale,
    [
      { locale: 'nl', name: 'Nederlands' },
      { locale: 'en', name: 'English' },
    ],
    { allowMissing: true },
  );
}
