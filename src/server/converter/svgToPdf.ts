// SVG → PDF as real vectors (pdfkit draws the SVG's paths; nothing is rasterised).
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
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

export async function svgToPdf(svg: string, title: string): Promise<Buffer> {
  const { width, height } = svgSize(svg);
  const doc = new PDFDocument({ size: [width, height], margin: 0, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, {
    width,
    height,
    assumePt: true,
    // pdfkit opens a string as a file path: hand it only the bytes of an embedded image, so no
    // reference can reach the disk even if one slipped past findUnsafeSvgContent.
    imageCallback: (link: string) => {
      const bytes = embeddedImageBytes(link);
      if (!bytes) throw new Error('an SVG image that is not embedded PNG or JPEG data');
      return bytes;
    },
    warningCallback: () => undefined,
  });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
