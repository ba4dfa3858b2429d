// Bulk import (issue 15): one row of a spreadsheet, after its columns are mapped, is a QR code or a
// short link with a link Action. The dashboard's preview and the server's import use this schema.
import { z } from 'zod';
import { LINK_MAX } from '../constants.js';
import type { ApiError } from '../errors.js';
import { httpUrlSchema } from './action.js';
import { requiredText } from './common.js';
import { labelInputSchema, withinLabelLimit } from './label.js';
import { shortLinkUriSchema } from './shortLink.js';

export const IMPORT_KINDS = ['qr_code', 'short_link'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The spreadsheets we read: our own columns, or the export files of Bitly, Dub and Shlink. */
export const IMPORT_FORMATS = ['qrhub', 'bitly', 'dub', 'shlink'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Enough for a print run or a whole account move; a larger file is split by the user. */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 10 * 1000 * 1000;
/** Idempotency keys (a column's value) are matched as text up to this length. */
export const IMPORT_KEY_MAX = 255;

export const importRowSchema = z.object({
  name: requiredText(),
  url: httpUrlSchema(LINK_MAX),
  /** Short links: the wanted uri; empty proposes one. Ignored for QR codes. */
  uri: shortLinkUriSchema.optional(),
  /** Label names: an existing label of the project (any case) or a new one. */
  tags: z.array(labelInputSchema.shape.name).superRefine(withinLabelLimit).default([]),
  /** The value of the column the user chose to recognise rows on a second upload. */
  key: z.string().trim().min(1).max(IMPORT_KEY_MAX).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** POST /projects/{pid}/imports/preview and POST …/imports: the options, as query parameters. */
export const importQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  format: z.enum(IMPORT_FORMATS).optional(),
  /** The column that recognises a row on a later upload; empty: none (every upload adds). */
  keyColumn: z.string().max(IMPORT_KEY_MAX).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

/** One row of an import file as the preview read it: its data when valid, else its errors. */
export interface PreviewRow {
  /** The row's line in the file as a spreadsheet shows it (the header is line 1). */
  line: number;
  data: ImportRow | null;
  errors: ApiError[];
}

/** What POST …/imports/preview answers: the file's shape and what an import of it would do. */
export interface ImportSummary {
  format: string;
  headers: string[];
  keyColumn: string | null;
  total: number;
  valid: number;
  /** Valid rows whose key was imported before: the import skips them. */
  alreadyImported: number;
  invalid: number;
  /** The first invalid rows with their errors per field. */
  errors: PreviewRow[];
  /** The first valid rows, as they will be imported. */
  sample: ImportRow[];
  /** Label names of the rows to import that no label of the project has yet: the import makes them. */
  newLabels: string[];
}
