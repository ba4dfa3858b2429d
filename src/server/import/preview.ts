// The preview of an import: every row of the file validated with the shared schema, with its
// errors per field, before anything is written. The import itself writes only the valid rows.
import { zodErrorToApiErrors } from '../../shared/validation.js';
import type { ApiError } from '../../shared/errors.js';
import {
  IMPORT_MAX_ROWS,
  importRowSchema,
  type ImportFormat,
  type ImportKind,
  type PreviewRow,
} from '../../shared/schemas/import.js';
import { defaultKeyColumn, detectFormat, mapRows, type MappedRow } from './formats.js';
import { readSpreadsheet, SpreadsheetError } from './spreadsheet.js';

export interface ImportPreview {
  format: ImportFormat;
  headers: string[];
  keyColumn: string | null;
  rows: PreviewRow[];
}

export interface PreviewOptions {
  kind: ImportKind;
  /** Detected from the header row when not given. */
  format?: ImportFormat;
  /** The column whose value recognises a row on a later upload; the tool's own id by default. */
  keyColumn?: string | null;
}

/** A file we cannot read as an import, with the code the API answers. */
export class ImportFileError extends Error {
  constructor(
    readonly code: SpreadsheetError['code'] | 'invalid',
    readonly meta: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** An error at one label name (/tags/2) says which name, since the file has no such field. */
const withTagName =
  (mapped: MappedRow) =>
  (error: ApiError): ApiError => {
    const index = /^\/tags\/(\d+)$/.exec(error.source?.pointer ?? '')?.[1];
    return index === undefined
      ? error
      : { ...error, meta: { ...error.meta, tag: mapped.tags[Number(index)] } };
  };

export async function previewImport(data: Buffer, options: PreviewOptions): Promise<ImportPreview> {
  let sheet;
  try {
    sheet = await readSpreadsheet(data, IMPORT_MAX_ROWS);
  } catch (error) {
    if (error instanceof SpreadsheetError)
      throw new ImportFileError(
        error.code,
        error.code === 'import_too_many_rows' ? { max: IMPORT_MAX_ROWS } : {},
      );
    throw error;
  }
  const format = options.format ?? detectFormat(sheet.headers);
  if (!format) throw new ImportFileError('invalid', { values: ['url'] });
  const keyColumn =
    options.keyColumn === undefined ? defaultKeyColumn(format, sheet.headers) : options.keyColumn;
  const keyIndex = keyColumn === null ? -1 : sheet.headers.indexOf(keyColumn);
  if (keyColumn !== null && keyIndex < 0)
    throw new ImportFileError('invalid', { field: 'keyColumn', values: sheet.headers });

  const firstLineOf = new Map<string, number>();
  const rows = mapRows(sheet, format).map((mapped, index): PreviewRow => {
    const line = index + 2;
    const key = keyIndex >= 0 ? sheet.rows[index][keyIndex] : '';
    const parsed = importRowSchema.safeParse({
      name: mapped.name,
      url: mapped.url,
      uri: options.kind === 'short_link' && mapped.uri ? mapped.uri : undefined,
      tags: mapped.tags,
      key: key || undefined,
    });
    const errors = parsed.success ? [] : zodErrorToApiErrors(parsed.error).map(withTagName(mapped));
    // One row per key (and per wanted uri): a second one in the same file is an error at its field.
    for (const [field, value] of [
      ['key', key],
      ['uri', options.kind === 'short_link' ? mapped.uri : ''],
    ] as const) {
      if (!value) continue;
      const seen = firstLineOf.get(`${field}\n${value}`);
      if (seen === undefined) firstLineOf.set(`${field}\n${value}`, line);
      else
        errors.push({
          code: 'import_duplicate_row',
          detail: `Same ${field} as line ${seen}`,
          source: { pointer: `/${field}` },
          meta: { line: seen },
        });
    }
    return { line, data: errors.length ? null : (parsed.data ?? null), errors };
  });
  return { format, headers: sheet.headers, keyColumn, rows };
}
