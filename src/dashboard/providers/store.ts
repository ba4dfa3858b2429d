// react-admin's store, with two keys kept where SPEC wants them: the theme under localStorage
// "theme" (SPEC §4) and the locale in the language cookie (SPEC §9); both survive logout.
import { localStorageStore, type Store } from 'react-admin';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, THEME_STORAGE_KEY } from '../../shared/constants';
import { LANGUAGES, type Language } from '../../shared/enums';

export function readLanguageCookie(): Language | undefined {
  const match = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = match ? decodeURIComponent(match.slice(LANGUAGE_COOKIE.length + 1)) : undefined;
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : undefined;
}

export function writeLanguageCookie(language: string): void {
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; max-age=${maxAge}; path=/; SameSite=Lax`;
}

function readTheme(): string | undefined {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeTheme(value: unknown): void {
  try {
    if (value === 'light' || value === 'dark')
      window.localStorage.setItem(THEME_STORAGE_KEY, value);
    else window.localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

type Callback = (value: unknown) => void;

export function dashboardStore(base: Store = localStorageStore('1', 'QrHub')): Store {
  const listeners = new Map<string, Set<Callback>>();
  const publish = (key: string, value: unknown) => listeners.get(key)?.forEach((fn) => fn(value));
  const own = (key: string) => key === 'theme' || key === 'locale';

  return {
    setup: () => base.setup(),
    teardown: () => base.teardown(),
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      if (key === 'theme') return (readTheme() as T | undefined) ?? defaultValue;
      if (key === 'locale') return (readLanguageCookie() as T | undefined) ?? defaultValue;
      return base.getItem(key, defaultValue);
    },
    setItem<T>(key: string, value: T) {
      if (!own(key)) return base.setItem(key, value);
      if (key === 'theme') writeTheme(value);
      else if (typeof value === 'string') {
        writeLanguageCookie(value);
        // Screen readers and the browser's hyphenation follow the page language.
        document.documentElement.lang = value;
      }
      publish(key, value);
    },
    removeItem(key: string) {
      if (!own(key)) return base.removeItem(key);
      if (key === 'theme') writeTheme(undefined);
      publish(key, undefined);
    },
    removeItems: (prefix: string) => base.removeItems(prefix),
    // Logout resets the store; the theme and language are the device's, not the session's.
    reset: () => base.reset(),
    subscribe(key: string, callback: Callback) {
      if (!own(key)) return base.subscribe(key, callback);
      const set = listeners.get(key) ?? new Set<Callback>();
      set.add(callback);
      listeners.set(key, set);
      return () => {
        set.delete(callback);
      };
    },
  };
}
