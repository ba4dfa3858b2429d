// Downloads of a QR code (SPEC §7): PNG and SVG drawn in the browser by qr-code-styling, the SVG
// carrying `<metadata id="qrhub">` (text + design); PDF and EPS made by the converter API from
// that SVG.
import QRCodeStyling from 'qr-code-styling';
import { embedQrMetadata, fileBaseName } from '../../shared/qrMetadata';

export { fileBaseName };
import type { QrDesign } from '../../shared/schemas/qrCode';
import { toStylingOptions } from '../design/qrStyling';
import { dataProvider } from '../providers/dataProvider';
import { ApiHttpError } from '../providers/http';

export const CONVERTER_EXTENSIONS = ['pdf', 'eps'] as const;
export type ConverterExtension = (typeof CONVERTER_EXTENSIONS)[number];
export const DOWNLOAD_FORMATS = ['png', 'svg', 'pdf', 'eps'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** Print resolution of the PNG; the SVG is drawn at the same size (vector, so it scales). */
export const DOWNLOAD_SIZE = 1000;

export class ConverterError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ConverterError';
  }
}

const isConverterExtension = (ext: string): ext is ConverterExtension =>
  (CONVERTER_EXTENSIONS as readonly string[]).includes(ext);

/**
 * Sends an SVG to the converter service: POST {API}/converter/svg2{ext} with a multipart field
 * `svg` holding `{name}.svg`. Only pdf and eps exist (SPEC §7).
 */
export async function convert(svg: string, name: string, ext: string): Promise<Blob> {
  if (!isConverterExtension(ext)) {
    throw new ConverterError(`extension: ${ext} is not supported by converter api`, 400, null);
  }
  try {
    return await dataProvider.convertSvg(svg, name, ext);
  } catch (error) {
    if (!(error instanceof ApiHttpError)) throw error;
    const first = error.body.apiErrors[0];
    throw new ConverterError(first?.detail ?? error.message, error.status, first?.code ?? null);
  }
}

export interface QrSource {
  /** What the code encodes: the QR code's scan URL. */
  text: string;
  design: QrDesign;
}

async function rawData(source: QrSource, ext: 'png' | 'svg', size: number): Promise<Blob> {
  const code = new QRCodeStyling(
    toStylingOptions(source.design, source.text, size, ext === 'svg' ? 'svg' : 'canvas'),
  );
  const data = await code.getRawData(ext);
  if (!(data instanceof Blob)) throw new Error(`qr-code-styling returned no ${ext}`);
  return data;
}

export async function renderPng(source: QrSource, size = DOWNLOAD_SIZE): Promise<Blob> {
  return rawData(source, 'png', size);
}

/** The SVG text with the text and design embedded (the EPS converter draws from those). */
export async function renderSvg(source: QrSource, size = DOWNLOAD_SIZE): Promise<string> {
  const svg = await (await rawData(source, 'svg', size)).text();
  return embedQrMetadata(svg, { text: source.text, design: source.design });
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadQr(
  format: DownloadFormat,
  source: QrSource & { name: string },
): Promise<void> {
  const base = fileBaseName(source.name);
  if (format === 'png') {
    saveBlob(await renderPng(source), `${base}.png`);
    return;
  }
  const svg = await renderSvg(source);
  if (format === 'svg') {
    saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${base}.svg`);
    return;
  }
  saveBlob(await convert(svg, base, format), `${base}.${format}`);
}
