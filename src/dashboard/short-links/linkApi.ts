// What the short-link screens derive from the API's answers; the calls themselves are the
// dataProvider's (providers/contentMethods.ts).
import type { UriSuggestion } from '../providers/contentMethods';

export type { TrashItemType, UriSuggestion } from '../providers/contentMethods';

/** 'https://scan.example/s/abc' and 'abc' → 'https://scan.example/s/'. */
export function scanBaseOf(suggestion: UriSuggestion): string {
  return suggestion.scanUrl.slice(0, suggestion.scanUrl.length - suggestion.uri.length);
}
