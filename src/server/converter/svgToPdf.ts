// SVG → PDF as real vectors (pdfkit draws the SVG's paths; nothing is rasterised).
import { embeddedImageBytes } from './svgSafety.js';

/** The page is the SVG's own size, read from its width/height or viewBox (default 300 pt). */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const number = (name: string) => {
    const match = new RegExp(`\\b${name}="([0-9.]+)(px|pt)?"`, 'i').exec(root);
    return match ? Number(match[1]) : NaN;
  };
  let width = number('width');
  let height = number('height');
  const viewBox = /\bviewBox="([-0-9.\s,]+)"/i
    .exec(root)?.[1]
    .split(/[\s,]+/)
    .map(Number);
  if (!(width > 0) && viewBox?.length === 4) width = viewBox[2];
  if (!(height > 0) && viewBox?.length === 4) height = viewBox[3];
  return { width: width > 0 ? width : 300, height: height > 0 ? height : 300 };
}

export interface PdfOptions {
  title: string;
  /** The code's width and height in points; the SVG's own size when absent. */
  sizePt?: number;
  /** Extra page around the code on each side (3 mm for print shops), with crop marks. */
  bleedPt?: number;
  /** DeviceCMYK colours instead of RGB (naive conversion, see rgbToCmyk). */
  cmyk?: boolean;
  /** Paints the bleed (the design's background colour), so a cut a little off shows no white. */
  bleedColor?: string;
}

/**
 * RGB → CMYK without a colour profile: K = 1 − max(R, G, B), the rest from what remains. Black
 * stays pure K, which is what a QR code's dark modules should print as.
 */
export function rgbToCmyk([r, g, b]: number[]): [number, number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const k = 1 - Math.max(rr, gg, bb);
  if (k >= 1) return [0, 0, 0, 100];
  const part = (c: number) => Math.round(((1 - c - k) / (1 - k)) * 1000) / 10;
  return [part(rr), part(gg), part(bb), Math.round(k * 1000) / 10];
}

/** Crop marks just outside the trim box's corners, in the bleed (cut away with it). */
function cropMarks(doc: PDFKit.PDFDocument, bleed: number, size: number) {
  const gap = bleed * 0.3;
  doc.save().lineWidth(0.25).strokeColor('black');
  for (const x of [bleed, bleed + size]) {
    for (const y of [bleed, bleed + size]) {
      const outX = x === bleed ? -1 : 1;
      const outY = y === bleed ? -1 : 1;
      doc
        .moveTo(x, y + outY * gap)
        .lineTo(x, y + outY * bleed)
        .stroke();
      doc
        .moveTo(x + outX * gap, y)
        .lineTo(x + outX * bleed, y)
        .stroke();
    }
  }
  doc.restore();
}

export async function svgToPdf(svg: string, options: PdfOptions): Promise<Buffer> {
  const natural = svgSize(svg);
  const size = options.sizePt ?? natural.width;
  const bleed = options.bleedPt ?? 0;
  const page = size + 2 * bleed;
  // pdfkit with fontkit (25 MB) loads with the first PDF, not with every server start.
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([
    import('pdfkit'),
    import('svg-to-pdfkit'),
  ]);
  const doc = new PDFDocument({
    size: [page, page],
    margin: 0,
    info: {
      Title: options.title,
      Creator: 'QR Hub',
      ...(options.cmyk
        ? { Subject: 'DeviceCMYK, converted without a colour profile (K = 1 - max(R,G,B))' }
        : {}),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // Print shops read the trim and bleed boxes to place and cut the code.
  const pageDictionary = doc.page.dictionary.data as Record<string, unknown>;
  pageDictionary.TrimBox = [bleed, bleed, bleed + size, bleed + size];
  pageDictionary.BleedBox = [0, 0, page, page];
  if (bleed > 0 && options.bleedColor) {
    const rgb = [1, 3, 5].map((i) => parseInt(options.bleedColor!.slice(i, i + 2), 16));
    const color = options.cmyk ? rgbToCmyk(rgb) : (rgb as [number, number, number]);
    doc.rect(0, 0, page, page).fill(color);
  }
  SVGtoPDF(doc, svg, bleed, bleed, {
    width: size,
    height: size,
    preserveAspectRatio: 'xMidYMid meet',
    assumePt: true,
    // pdfkit opens a string as a file path: hand it only the bytes of an embedded image, so no
    // reference can reach the disk even if one slipped past findUnsafeSvgContent.
    imageCallback: (link: string) => {
      const bytes = embeddedImageBytes(link);
      if (!bytes) throw new Error('an SVG image that is not embedded PNG or JPEG data');
      return bytes;
    },
    ...(options.cmyk
      ? {
          colorCallback: (color: [number[], number] | undefined) =>
            color ? [rgbToCmyk(color[0]), color[1]] : color,
        }
      : {}),
    warningCallback: () => undefined,
  });
  if (bleed > 0) cropMarks(doc, bleed, size);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
