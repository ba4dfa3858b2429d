// Downloads: the Content-Disposition header for files we send, and a QR code's print files
// (SVG, PNG, PDF, EPS), all drawn from one SVG by converter/render.ts and checked by the
// scannability gate before they leave (docs/adr/2026-11-25-one-qr-renderer.md).
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Executor } from '../repositories/executor.js';
import { findMedia } from '../repositories/media.js';
import {
  renderQrSvg,
  svgToPng,
  type Drawing,
  type LogoImage,
  type QrSource,
  type RenderedSvg,
} from '../converter/render.js';
import { checkScannability } from '../converter/scanCheck.js';
import { svgToEps } from '../converter/svgToEps.js';
import { svgToPdf } from '../converter/svgToPdf.js';
import { embedQrMetadata, fileBaseName } from '../../shared/qrMetadata.js';
import { DEFAULT_QR_DESIGN } from '../../shared/schemas/qrCode.js';
import type { ScanCheck } from '../../shared/scannability.js';
import { DomainError } from '../domain/errors.js';
import { mediaStorageFor } from './media.js';
import type { Actor } from '../domain/actor.js';
import { qrCodeOr404, readDesign, scanBaseOf, scanUrlOf, shortLinkUrlOf } from './qrCodes.js';
import { shortLinkOr404 } from './shortLinks.js';
import type { UnitOfWork } from './unitOfWork.js';

// The Content-Disposition header for files we send: a plain ASCII name for old clients plus the
// exact UTF-8 name (RFC 6266 / RFC 5987), so no file name can break out of the header.
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const PRINT_FORMATS = ['png', 'svg', 'pdf', 'eps'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const MM_PER_INCH = 25.4;
const PT_PER_MM = 72 / MM_PER_INCH;

/** The widest PNG we make (1000 mm at 200 dpi): larger ones would take gigabytes of memory. */
export const MAX_PNG_PIXELS = 8000;

/** GET …/download's query: the print size in mm, PNG's DPI, PDF's bleed and CMYK, the override. */
export const printQuerySchema = z.object({
  format: z.enum(PRINT_FORMATS).default('png'),
  /** Width and height of the code in millimetres. */
  size: z.coerce.number().min(10).max(1000).default(40),
  dpi: z.coerce.number().int().min(72).max(1200).default(300),
  bleed: flag,
  cmyk: flag,
  /** "Download anyway": past a failing scannability check (recorded in the audit log). */
  force: flag,
});
export type PrintOptions = z.infer<typeof printQuerySchema>;

/** The size and DPI of a PNG may not ask for more than MAX_PNG_PIXELS across. */
export function refinePngPixels(
  options: { size: number; dpi: number },
  context: z.RefinementCtx,
): void {
  const maxDpi = Math.floor((MAX_PNG_PIXELS * MM_PER_INCH) / options.size);
  if (options.dpi > maxDpi) {
    context.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: maxDpi,
      inclusive: true,
      input: options.dpi,
      path: ['dpi'],
      message: `At ${options.size} mm the PNG resolution can be at most ${maxDpi} dpi`,
    });
  }
}

const BLEED_MM = 3;

export interface PrintFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
  check: ScanCheck;
}

async function streamBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stored logo as PNG or JPEG data (other image types are converted), with its size. */
export async function loadLogo(
  db: Executor,
  config: Config,
  mediaId: string,
): Promise<LogoImage | null> {
  const row = await findMedia(db, mediaId);
  const stored = row && !row.deletedAt ? await mediaStorageFor(config).open(row.storageKey) : null;
  if (!row || !stored) return null;
  const bytes = await streamBytes(stored.stream);
  // sharp (libvips, 30 MB) loads with the first logo, not with every server start.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes);
  const isPlain = row.mimeType === 'image/png' || row.mimeType === 'image/jpeg';
  const data = isPlain ? bytes : await image.png().toBuffer();
  const { width, height } = await sharp(data).metadata();
  if (!width || !height) return null;
  const mime = isPlain ? row.mimeType : 'image/png';
  return { dataUrl: `data:${mime};base64,${data.toString('base64')}`, width, height };
}

const CONTENT_TYPES: Record<PrintFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

type FileOptions = Omit<PrintOptions, 'force' | 'format'>;

/** One format of a drawn code (the SVG of renderQrSvg at the print size). */
export async function printFormat(
  format: PrintFormat,
  source: QrSource,
  drawn: RenderedSvg,
  name: string,
  options: FileOptions,
  context?: Drawing,
): Promise<Buffer | string> {
  const sizePt = options.size * PT_PER_MM;
  if (format === 'png') {
    return svgToPng(drawn.svg, (options.size / MM_PER_INCH) * options.dpi, options.dpi);
  }
  if (format === 'svg')
    return embedQrMetadata(drawn.svg, { text: source.text, design: source.design });
  if (format === 'pdf') {
    return svgToPdf(drawn.svg, {
      title: name,
      sizePt,
      bleedPt: options.bleed ? BLEED_MM * PT_PER_MM : 0,
      bleedColor: source.design.background.color,
      cmyk: options.cmyk,
    });
  }
  return svgToEps(drawn.svg, { sizePt, title: name, dom: context?.dom });
}

/** The gate on a drawn code; `png` is the PNG file when one was made (it is then what is read). */
export function checkDrawn(source: QrSource, drawn: RenderedSvg, sizeMm: number, png?: Buffer) {
  return checkScannability({
    svg: drawn.svg,
    png,
    text: source.text,
    design: source.design,
    sizeMm,
    totalModules: drawn.totalModules,
  });
}

/** One code's file in one format, and what the gate found; nothing refused here. */
export async function renderPrintFile(
  source: QrSource,
  name: string,
  options: Omit<PrintOptions, 'force'>,
): Promise<PrintFile> {
  const drawn = await renderQrSvg(source, `${options.size}mm`);
  const body = await printFormat(options.format, source, drawn, name, options);
  const check = await checkDrawn(
    source,
    drawn,
    options.size,
    options.format === 'png' ? (body as Buffer) : undefined,
  );
  return {
    fileName: `${fileBaseName(name)}.${options.format}`,
    contentType: CONTENT_TYPES[options.format],
    body,
    check,
  };
}

/** What a stored QR code draws: its scan URL, design and logo. */
export async function qrSourceOf(
  db: Executor,
  config: Config,
  qrCode: { code: string; design: string; customerId: string },
): Promise<QrSource> {
  const design = readDesign(qrCode.design);
  const base = await scanBaseOf(db, config, qrCode.customerId);
  return {
    text: scanUrlOf(config, qrCode.code, base),
    design,
    logo: design.logo.mediaId ? await loadLogo(db, config, design.logo.mediaId) : null,
  };
}

/** What a short link's QR code draws: its scan URL in the default design (no logo). */
export async function shortLinkSourceOf(
  db: Executor,
  config: Config,
  shortLink: { host: string; uri: string; customerId: string },
): Promise<QrSource> {
  const base = await scanBaseOf(db, config, shortLink.customerId);
  return {
    text: shortLinkUrlOf(config, shortLink.host, shortLink.uri, base),
    design: DEFAULT_QR_DESIGN,
    logo: null,
  };
}

/** A stored item that downloads as a QR code: what it draws and whom its audit row names. */
interface DownloadableItem {
  type: 'qr_code' | 'short_link';
  id: string;
  name: string;
  projectId: string;
  customerId: string;
  source: QrSource;
}

/** Finds the item (404 outside the user's projects) and what it draws. */
type ItemLoader = (
  db: Executor,
  config: Config,
  user: Actor,
  projectId: string,
  id: string,
) => Promise<DownloadableItem>;

const qrCodeItem: ItemLoader = async (db, config, user, projectId, id) => {
  const { project, qrCode } = await qrCodeOr404(db, user, projectId, id, { includeTrashed: true });
  return {
    type: 'qr_code',
    id: qrCode.id,
    name: qrCode.name,
    projectId: project.id,
    customerId: project.customerId,
    source: await qrSourceOf(db, config, qrCode),
  };
};

const shortLinkItem: ItemLoader = async (db, config, user, projectId, id) => {
  const { project, shortLink } = await shortLinkOr404(db, user, projectId, id, {
    includeTrashed: true,
  });
  return {
    type: 'short_link',
    id: shortLink.id,
    name: shortLink.name,
    projectId: project.id,
    customerId: project.customerId,
    source: await shortLinkSourceOf(db, config, {
      host: shortLink.host,
      uri: shortLink.uri,
      customerId: project.customerId,
    }),
  };
};

/**
 * The file, or a refusal naming why it would not scan. With `force` the file is sent anyway and
 * the audit log records who overrode which check.
 */
async function gatedDownload(
  item: DownloadableItem,
  options: PrintOptions,
  unitOfWork: UnitOfWork,
): Promise<PrintFile> {
  const file = await renderPrintFile(item.source, item.name, options);
  if (!file.check.ok && !options.force) {
    throw new DomainError(
      'invalid',
      'qr_not_scannable',
      `This design does not scan reliably (${file.check.failures.join(', ')})`,
      '/design',
      { values: file.check.failures },
    );
  }
  if (!file.check.ok) {
    await unitOfWork.run((scope) =>
      scope.record({
        type: item.type,
        action: 'downloaded',
        itemId: item.id,
        name: item.name,
        projectId: item.projectId,
        customerId: item.customerId,
        changes: { format: options.format, forced: true, failures: file.check.failures },
      }),
    );
  }
  return file;
}

/** The gate's verdict alone, for the code printed `sizeMm` wide. */
async function checkSource(source: QrSource, sizeMm: number): Promise<ScanCheck> {
  const drawn = await renderQrSvg(source);
  return checkScannability({
    svg: drawn.svg,
    text: source.text,
    design: source.design,
    sizeMm,
    totalModules: drawn.totalModules,
  });
}

/** GET …/{id}/download of a QR code or a short link: its print file, through the gate. */
export type DownloadItem = (
  ...args: [...Parameters<ItemLoader>, options: PrintOptions, unitOfWork: UnitOfWork]
) => Promise<PrintFile>;

/** GET …/{id}/scan-check: the gate's verdict for the code printed `sizeMm` wide. */
export type CheckItem = (
  ...args: [...Parameters<ItemLoader>, sizeMm: number]
) => Promise<ScanCheck>;

const downloadOf =
  (load: ItemLoader): DownloadItem =>
  async (db, config, user, projectId, id, options, unitOfWork) =>
    gatedDownload(await load(db, config, user, projectId, id), options, unitOfWork);

const checkOf =
  (load: ItemLoader): CheckItem =>
  async (db, config, user, projectId, id, sizeMm) =>
    checkSource((await load(db, config, user, projectId, id)).source, sizeMm);

export const downloadQrCode = downloadOf(qrCodeItem);
/** The short link's QR code, through the same gate as a QR code's. */
export const downloadShortLink = downloadOf(shortLinkItem);
/** The designer's and the wizard's "Test scan". */
export const checkQrCode = checkOf(qrCodeItem);
export const checkShortLink = checkOf(shortLinkItem);
