// The bulk download of QR codes: each code drawn in the browser by the same helpers as the single
// download (qr-codes/download.ts), packed into one ZIP with fflate.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { QrDesign } from '../../shared/schemas/qrCode';
import { fileBaseName, renderPng, renderSvg } from '../qr-codes/download';

export const ZIP_FORMATS = ['png', 'svg'] as const;
export type ZipFormat = (typeof ZIP_FORMATS)[number];
export const ZIP_FILE_NAME = 'qr-codes.zip';

export interface ZipSource {
  name: string;
  /** What the code encodes: its scan URL. */
  text: string;
  design: QrDesign;
}

/** File names from the codes' names, made unique ("a.png", "a-2.png", …; case-insensitive). */
export function uniqueFileNames(names: readonly string[], ext: string): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = fileBaseName(name);
    let candidate = `${base}.${ext}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base}-${n}.${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

async function renderFile(source: ZipSource, format: ZipFormat): Promise<Uint8Array> {
  if (format === 'svg') return strToU8(await renderSvg(source));
  return new Uint8Array(await (await renderPng(source)).arrayBuffer());
}

/**
 * One ZIP with a file per code. Drawn one after the other: each PNG is a 1000 px canvas, so
 * drawing hundreds at once would hold them all in memory.
 */
export async function buildQrZip(
  sources: readonly ZipSource[],
  format: ZipFormat,
  onProgress?: (done: number, total: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const names = uniqueFileNames(
    sources.map((source) => source.name),
    format,
  );
  const files: Zippable = {};
  for (const [index, source] of sources.entries()) {
    // PNG is compressed already; deflating it again only costs time.
    files[names[index]] = [await renderFile(source, format), { level: format === 'png' ? 0 : 6 }];
    onProgress?.(index + 1, sources.length);
  }
  return zipSync(files);
}
