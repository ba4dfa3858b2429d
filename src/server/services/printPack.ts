// The print pack (bulk action): one ZIP with, per QR code, SVG, PDF, EPS and PNG at the chosen size
// and DPI; a CSV manifest (name, scan URL, Action, tags, file names, the gate's verdict); and an A4
// label sheet PDF with every code at its size, its name under it, and cut marks. Each code is drawn
// once (one SVG, every format from it) and the ZIP streams out code by code, so the dashboard can
// count finished codes while it builds.
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { z } from 'zod';
import { isUlid } from '../../shared/ids.js';
import { fileBaseName } from '../../shared/qrMetadata.js';
import type { Actor } from '../domain/actor.js';
import { drawing, renderQrSvg, type LogoImage, type QrSource } from '../converter/render.js';
import type { Config } from '../config.js';
import type { Executor } from '../repositories/executor.js';
import { labelsOfItems } from '../repositories/labels.js';
import { findQrCodesByIds } from '../repositories/qrCodes.js';
import { visibleProjectOr404 } from './projects.js';
import {
  checkDrawn,
  loadLogo,
  PRINT_FORMATS,
  printFormat,
  printQuerySchema,
  refinePngPixels,
} from './download.js';
import { readDesign, scanBaseOf, scanUrlOf } from './qrCodes.js';
import type { UnitOfWork } from './unitOfWork.js';

/** The most codes one pack holds (a list page's selection is capped the same way). */
export const MAX_PACK_CODES = 250;

export const printPackQuerySchema = printQuerySchema
  .omit({ format: true })
  .extend({
    // Comma separated; ids that are not ULIDs cannot exist and are skipped.
    ids: z
      .string()
      .max(MAX_PACK_CODES * 27)
      .transform((value) => [...new Set(value.split(',').filter(isUlid))])
      .pipe(z.array(z.string()).min(1).max(MAX_PACK_CODES)),
  })
  .superRefine(refinePngPixels);
export type PrintPackOptions = z.infer<typeof printPackQuerySchema>;

export const PRINT_PACK_FILE_NAME = 'print-pack.zip';
export const LABEL_SHEET_FILE_NAME = 'label-sheet.pdf';
export const MANIFEST_FILE_NAME = 'manifest.csv';

const PT_PER_MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const SHEET_MARGIN = 10 * PT_PER_MM;
const LABEL_GAP = 5 * PT_PER_MM;
const NAME_HEIGHT = 5 * PT_PER_MM;
const CUT_MARK = 2.5 * PT_PER_MM;

interface SheetLabel {
  name: string;
  png: Buffer;
}

/** Codes at their print size in a grid on A4 pages, names underneath, cut marks at each corner. */
export async function labelSheet(labels: SheetLabel[], sizeMm: number): Promise<Buffer> {
  // pdfkit loads with the first label sheet, not at start (see converter/svgToPdf.ts).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'QR code labels', Creator: 'QR Hub' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // A code larger than the page's width is scaled to fit one per page.
  const usable = A4.width - 2 * SHEET_MARGIN - 2 * LABEL_GAP;
  const code = Math.min(sizeMm * PT_PER_MM, usable);
  const cellWidth = code + 2 * LABEL_GAP;
  const cellHeight = code + NAME_HEIGHT + 2 * LABEL_GAP;
  const columns = Math.max(1, Math.floor((A4.width - 2 * SHEET_MARGIN) / cellWidth));
  const rows = Math.max(1, Math.floor((A4.height - 2 * SHEET_MARGIN) / cellHeight));
  const perPage = columns * rows;
  labels.forEach((label, index) => {
    if (index % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = index % perPage;
    const x = SHEET_MARGIN + (slot % columns) * cellWidth;
    const y = SHEET_MARGIN + Math.floor(slot / columns) * cellHeight;
    doc.image(label.png, x + LABEL_GAP, y + LABEL_GAP, { width: code, height: code });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('black')
      .text(label.name, x + LABEL_GAP, y + LABEL_GAP + code + 2, {
        width: code,
        height: NAME_HEIGHT,
        align: 'center',
        ellipsis: true,
        lineBreak: false,
      });
    // Cut marks on the cell's corners, pointing outward.
    doc.save().lineWidth(0.3).strokeColor('black');
    for (const [cx, cy, dx, dy] of [
      [x, y, -1, -1],
      [x + cellWidth, y, 1, -1],
      [x, y + cellHeight, -1, 1],
      [x + cellWidth, y + cellHeight, 1, 1],
    ]) {
      doc
        .moveTo(cx + dx * CUT_MARK, cy)
        .lineTo(cx, cy)
        .stroke();
      doc
        .moveTo(cx, cy + dy * CUT_MARK)
        .lineTo(cx, cy)
        .stroke();
    }
    doc.restore();
  });
  if (labels.length === 0) doc.addPage({ size: 'A4', margin: 0 });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

/** The codes of a pack and the project they belong to; answers 404 for another customer's project. */
export async function printPackCodes(db: Executor, user: Actor, projectId: string, ids: string[]) {
  const project = await visibleProjectOr404(db, user, projectId);
  return { project, codes: await findQrCodesByIds(db, project.id, ids) };
}

/**
 * The pack as a ZIP stream. Codes the gate refuses are listed in the manifest with the reason and
 * their files left out, unless `force` (then the audit log records each of them).
 */
export function printPackStream(
  db: Executor,
  config: Config,
  pack: Awaited<ReturnType<typeof printPackCodes>>,
  options: PrintPackOptions,
  unitOfWork: UnitOfWork,
  log: { error: (object: unknown, message: string) => void },
): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(Buffer.from(chunk));
      if (final) out.end();
    }
  });
  const add = (path: string, bytes: Buffer | string, compress: boolean) => {
    const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    zip.add(entry);
    entry.push(typeof bytes === 'string' ? strToU8(bytes) : new Uint8Array(bytes), true);
  };
  void (async () => {
    const { project, codes } = pack;
    const context = drawing();
    const base = await scanBaseOf(db, config, project.customerId);
    const tags = await labelsOfItems(
      db,
      'qr_code',
      codes.map((code) => code.id),
    );
    const logos = new Map<string, Promise<LogoImage | null>>();
    const manifest: string[][] = [];
    const sheet: SheetLabel[] = [];
    const forced: { id: string; name: string; failures: string[] }[] = [];
    for (const code of codes) {
      const design = readDesign(code.design);
      const mediaId = design.logo.mediaId;
      if (mediaId && !logos.has(mediaId)) logos.set(mediaId, loadLogo(db, config, mediaId));
      const source: QrSource = {
        text: scanUrlOf(config, code.code, base),
        design,
        logo: mediaId ? await logos.get(mediaId)! : null,
      };
      const drawn = await renderQrSvg(source, `${options.size}mm`, context);
      const png = (await printFormat('png', source, drawn, code.name, options)) as Buffer;
      const check = await checkDrawn(source, drawn, options.size, png);
      const folder = `${fileBaseName(code.name)}-${code.code}`;
      const files = PRINT_FORMATS.map((format) => `${folder}/${fileBaseName(code.name)}.${format}`);
      const included = check.ok || options.force;
      if (included) {
        for (const [index, format] of PRINT_FORMATS.entries()) {
          const body =
            format === 'png'
              ? png
              : await printFormat(format, source, drawn, code.name, options, context);
          // PNG is compressed already; deflating it again only costs time.
          add(files[index], body, format !== 'png');
        }
        sheet.push({ name: code.name, png });
      }
      if (!check.ok && options.force) {
        forced.push({ id: code.id, name: code.name, failures: check.failures });
      }
      manifest.push([
        code.name,
        source.text,
        code.actionName ?? '',
        (tags.get(code.id) ?? []).map((tag) => tag.name).join('; '),
        included ? files.join('; ') : '',
        check.ok ? 'pass' : `refused: ${check.failures.join(', ')}`,
        String(check.moduleMm),
      ]);
    }
    const header = ['name', 'scan_url', 'action', 'tags', 'files', 'scan_check', 'module_mm'];
    add(MANIFEST_FILE_NAME, stringify([header, ...manifest]), true);
    add(LABEL_SHEET_FILE_NAME, await labelSheet(sheet, options.size), false);
    if (forced.length > 0) {
      await unitOfWork.run(async (scope) => {
        for (const code of forced) {
          await scope.record({
            type: 'qr_code',
            action: 'downloaded',
            itemId: code.id,
            name: code.name,
            projectId: project.id,
            customerId: project.customerId,
            changes: { format: 'print-pack', forced: true, failures: code.failures },
          });
        }
      });
    }
    zip.end();
  })().catch((error: unknown) => {
    log.error({ err: error }, 'print pack failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
