// Reads an uploaded spreadsheet (CSV or XLSX) into a header row and text cells, whatever tool
// wrote it: a byte-order mark, ; or tab separators (Excel in Dutch writes ;), quoted newlines.
import { parse } from 'csv-parse/sync';

export interface Sheet {
  headers: string[];
  /** Data rows, each as long as `headers` (short rows are padded with ''). */
  rows: string[][];
}

export class SpreadsheetError extends Error {
  constructor(
    readonly code: 'file_type_not_supported' | 'import_file_empty' | 'import_too_many_rows',
  ) {
    super(code);
  }
}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // a ZIP container

/** The separator of the header line: the one of , ; and tab that occurs most outside quotes. */
function sniffDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const count = (candidate: string) => firstLine.split(candidate).length - 1;
  const best = [',', ';', '\t'].reduce((a, b) => (count(b) > count(a) ? b : a));
  return best;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

function toSheet(table: unknown[][], maxRows: number): Sheet {
  const nonEmpty = table.filter((row) => row.some((cell) => cellText(cell) !== ''));
  if (nonEmpty.length < 2) throw new SpreadsheetError('import_file_empty');
  if (nonEmpty.length - 1 > maxRows) throw new SpreadsheetError('import_too_many_rows');
  const headers = nonEmpty[0].map(cellText);
  const rows = nonEmpty.slice(1).map((row) => headers.map((_, index) => cellText(row[index])));
  return { headers, rows };
}

export async function readSpreadsheet(data: Buffer, maxRows: number): Promise<Sheet> {
  if (data.subarray(0, 4).equals(XLSX_MAGIC)) {
    // read-excel-file and its unzipper (some 70 modules) load with the first XLSX import.
    const { readSheet } = await import('read-excel-file/node');
    try {
      // The first sheet holds the data, as every export tool writes it.
      return toSheet((await readSheet(data)) as unknown[][], maxRows);
    } catch (error) {
      if (error instanceof SpreadsheetError) throw error;
      throw new SpreadsheetError('file_type_not_supported');
    }
  }
  const text = data.toString('utf8');
  // Binary files (images, PDFs) are not spreadsheets; a NUL never occurs in CSV text.
  if (text.includes('\u0000')) throw new SpreadsheetError('file_type_not_supported');
  try {
    const table = parse(text, {
      bom: true,
      delimiter: sniffDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    return toSheet(table, maxRows);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError('file_type_not_supported');
  }
}
