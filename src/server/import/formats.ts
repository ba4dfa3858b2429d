// Maps a spreadsheet's columns to import rows. Our own columns (name, url, uri, labels — or tags,
// as other tools call them: label names separated by , ; or |) or the export files other tools write — each recognised by its header row:
//   Shlink (web client "Export"): createdAt, domain, shortCode, shortUrl, longUrl, title, tags (|), visits
//   Dub ("Export links"):         Short link, Destination URL, Title, Tags (,), Clicks, Created at, …
//   Bitly (links list export):    link, long_url, title, created_at, tags (| , or ;), archived, …
import type { ImportFormat } from '../../shared/schemas/import.js';
import { distinctLabelNames } from '../../shared/schemas/label.js';
import type { Sheet } from './spreadsheet.js';

/** A row before validation: the raw texts the columns gave, in our fields. */
export interface MappedRow {
  name: string;
  url: string;
  uri: string;
  tags: string[];
}

interface FormatRule {
  /** Every one of these headers (case-insensitive) must be present. */
  requires: string[];
  /** The title column; a row without one is named after its short link. */
  name: string;
  url: string;
  uri: string[];
  /** The label column: the first of these headers that is present. */
  tags: string[];
  tagSeparator: RegExp;
  /** The column that identifies a row in this tool, the default idempotency key. */
  key: string | null;
}

const FORMATS: Record<ImportFormat, FormatRule> = {
  shlink: {
    requires: ['shortcode', 'longurl'],
    name: 'title',
    url: 'longurl',
    uri: ['shortcode'],
    tags: ['tags'],
    // Shlink's web client joins tags with | (older versions with ,).
    tagSeparator: /[|,]/,
    key: 'shorturl',
  },
  dub: {
    requires: ['short link', 'destination url'],
    name: 'title',
    url: 'destination url',
    uri: ['short link'],
    tags: ['tags'],
    tagSeparator: /,/,
    key: 'short link',
  },
  bitly: {
    requires: ['link', 'long_url'],
    name: 'title',
    url: 'long_url',
    uri: ['link'],
    tags: ['tags'],
    tagSeparator: /[|,;]/,
    key: 'link',
  },
  qrhub: {
    requires: ['url'],
    name: 'name',
    url: 'url',
    uri: ['uri'],
    tags: ['labels', 'tags'],
    // A spreadsheet user types , or ; between names; | as Shlink writes it works too.
    tagSeparator: /[|,;]/,
    key: null,
  },
};

const normalise = (header: string) => header.trim().toLowerCase();

/** The first format whose required headers are all present (the others' columns overlap ours). */
export function detectFormat(headers: string[]): ImportFormat | null {
  const present = new Set(headers.map(normalise));
  const order: ImportFormat[] = ['shlink', 'dub', 'bitly', 'qrhub'];
  return order.find((format) => FORMATS[format].requires.every((h) => present.has(h))) ?? null;
}

export function defaultKeyColumn(format: ImportFormat, headers: string[]): string | null {
  const key = FORMATS[format].key;
  return key ? (headers.find((header) => normalise(header) === key) ?? null) : null;
}

/** The back-half of a short URL in another tool ("bit.ly/abc", "https://dub.sh/abc" → "abc"). */
export function uriFromShortUrl(value: string): string {
  const text = value.trim();
  if (!text.includes('/')) return text;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  } catch {
    return text;
  }
}

export function mapRows(sheet: Sheet, format: ImportFormat): MappedRow[] {
  const rule = FORMATS[format];
  const index = new Map(sheet.headers.map((header, i) => [normalise(header), i]));
  const cell = (row: string[], header: string) => {
    const i = index.get(header);
    return i === undefined ? '' : (row[i] ?? '');
  };
  const firstFilled = (row: string[], headers: string[]) =>
    headers.map((header) => cell(row, header)).find((value) => value !== '') ?? '';
  return sheet.rows.map((row) => {
    const rawUri = firstFilled(row, rule.uri);
    const uri = format === 'qrhub' ? rawUri : uriFromShortUrl(rawUri);
    const tags = firstFilled(row, rule.tags)
      .split(rule.tagSeparator)
      .map((tag) => tag.trim())
      .filter(Boolean);
    return {
      name: cell(row, rule.name) || uri,
      url: cell(row, rule.url),
      uri,
      // "Promo" and "promo" are one label.
      tags: distinctLabelNames(tags),
    };
  });
}
