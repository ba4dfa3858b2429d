// The language chosen on the sign-in page survives sign-in (issue 13, part 10): the choice is
// kept for this tab, and sign-in saves it to the user's profile when it differs, so the saved
// language (which LanguageSync follows) does not switch the screen back.
import type { Self } from '../shared/schemas/auth';
import { isLanguage } from './providers/i18nProvider';
import { authMethods } from './providers/authMethods';

const KEY = 'qrhub-login-language';

export function rememberLoginLanguage(language: string): void {
  try {
    window.sessionStorage.setItem(KEY, language);
  } catch {
    // No storage: the language applies until sign-in only.
  }
}

/** Saves the language chosen before sign-in to the profile; answers the user as now saved. */
export async function applyLoginLanguage(self: Self): Promise<Self> {
  let chosen: string | null = null;
  try {
    chosen = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
  } catch {
    return self;
  }
  if (!isLanguage(chosen) || chosen === self.localization.language) return self;
  try {
    return await authMethods.saveLanguage(self, chosen);
  } catch {
    // The profile keeps its language; the user can change it under settings.
    return self;
  }
}
