// UTM tags of a link target: one function builds them into a URL's query string and one reads them
// back, so the dashboard's builder and anything that inspects a link agree on the five names.
import { z } from 'zod';
import { addCustomIssue } from './validation.js';
import { requiredText } from './schemas/common.js';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmTags = Record<UtmField, string>;

/** A UTM value: short free text (analytics tools cut long ones). */
export const UTM_VALUE_MAX = 255;
/** How many named presets one project keeps. */
export const UTM_PRESETS_MAX = 50;

export const EMPTY_UTM: UtmTags = { source: '', medium: '', campaign: '', term: '', content: '' };

const utmValue = z.string().trim().max(UTM_VALUE_MAX).default('');

export const utmTagsSchema = z.object({
  source: utmValue,
  medium: utmValue,
  campaign: utmValue,
  term: utmValue,
  content: utmValue,
});

export const utmPresetSchema = z.object({ name: requiredText(100), tags: utmTagsSchema });
export type UtmPreset = z.infer<typeof utmPresetSchema>;

/** PUT /projects/{pid}/utm-presets: the whole list, names unique. */
export const utmPresetsInputSchema = z.object({
  presets: z
    .array(utmPresetSchema)
    .max(UTM_PRESETS_MAX)
    .superRefine((presets, ctx) => {
      const seen = new Set<string>();
      presets.forEach((preset, index) => {
        const key = preset.name.toLowerCase();
        if (seen.has(key)) {
          addCustomIssue(
            ctx,
            [index, 'name'],
            { code: 'utm_preset_name_duplicated' },
            'Each preset needs its own name',
          );
        }
        seen.add(key);
      });
    }),
});
export type UtmPresetsInput = z.infer<typeof utmPresetsInputSchema>;

const PARAM = (field: UtmField) => `utm_${field}`;

/** Splits a URL into what stands before its query, the query (without `?`) and its `#fragment`. */
function splitUrl(url: string): { base: string; query: string; hash: string } {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  return queryAt >= 0
    ? { base: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash }
    : { base: beforeHash, query: '', hash };
}

/** The UTM tags a URL carries; a missing tag is ''. Works on partial URLs being typed. */
export function parseUtm(url: string): UtmTags {
  const params = new URLSearchParams(splitUrl(url).query);
  const tags = { ...EMPTY_UTM };
  for (const field of UTM_FIELDS) tags[field] = params.get(PARAM(field)) ?? '';
  return tags;
}

const keyOf = (segment: string) => {
  const at = segment.indexOf('=');
  const raw = at >= 0 ? segment.slice(0, at) : segment;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/**
 * The URL with its UTM tags set to `tags`: an empty tag is removed, a tag already there keeps its
 * place, a new one goes at the end. Every other query parameter stays byte for byte as typed, as do
 * the rest of the URL and its fragment, so building what was parsed gives the same link back.
 */
export function buildUtm(url: string, tags: Partial<UtmTags>): string {
  const { base, query, hash } = splitUrl(url);
  const segments = query ? query.split('&') : [];
  const encoded = (field: UtmField) => {
    const value = (tags[field] ?? '').trim();
    return value ? `${PARAM(field)}=${encodeURIComponent(value)}` : null;
  };
  const placed = new Set<UtmField>();
  const kept: string[] = [];
  for (const segment of segments) {
    const field = UTM_FIELDS.find((name) => PARAM(name) === keyOf(segment));
    if (!field || !(field in tags)) {
      kept.push(segment);
      continue;
    }
    if (placed.has(field)) continue;
    placed.add(field);
    const next = encoded(field);
    if (next) kept.push(next);
  }
  for (const field of UTM_FIELDS) {
    if (!(field in tags) || placed.has(field)) continue;
    const next = encoded(field);
    if (next) kept.push(next);
  }
  const built = kept.filter((segment) => segment !== '').join('&');
  return `${base}${built ? `?${built}` : ''}${hash}`;
}

/** Whether any tag is set. */
export const hasUtm = (tags: UtmTags) => UTM_FIELDS.some((field) => tags[field] !== '');
