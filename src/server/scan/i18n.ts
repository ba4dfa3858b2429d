// The visitor's language (nl or en from Accept-Language, default nl, SPEC §1) and the scan
// texts from locales/*.json (their "scan" section). The files are imported, not read from disk
// by a path relative to this file, so the built server (one bundle in dist/) carries them too.
import en from '../../../locales/en.json' with { type: 'json' };
import nl from '../../../locales/nl.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, type Language } from '../../shared/enums.js';
import { SCAN_MESSAGES, type ScanMessages } from './messages.js';

export type Messages = ScanMessages;

/** Picks nl or en by the client's preferences (q-values respected); nl when neither is asked for. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.toLowerCase().split('-')[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    if (primary === 'nl' || primary === 'en') return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** Deep-merges the file's scan section over the built-in texts; strings only. */
function merge<T>(base: T, override: unknown): T {
  if (typeof base === 'string') return (typeof override === 'string' ? override : base) as T;
  if (!override || typeof override !== 'object') return base;
  const result = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(result)) {
    result[key] = merge(result[key], (override as Record<string, unknown>)[key]);
  }
  return result as T;
}

export function loadMessages(): Record<Language, Messages> {
  const read = (language: Language, json: { scan?: unknown }): Messages =>
    merge(SCAN_MESSAGES[language], json.scan);
  return { nl: read('nl', nl), en: read('en', en) };
}
