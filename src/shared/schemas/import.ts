// Bulk import (issue 15): one row of a spreadsheet, after its columns are mapped, is a QR code or a
// short link with a link Action. The dashboard's preview and the server's import use this schema.
import { z } from 'zod';
import { LINK_MAX } from '../constants.js';
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
