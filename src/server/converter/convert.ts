// The converter API: an uploaded `{name}.svg` becomes `{name}.pdf` or `{name}.eps`.
import { findUnsafeSvgContent } from './svgSafety.js';
import { svgToEps } from './svgToEps.js';
import { svgSize, svgToPdf } from './svgToPdf.js';

export const CONVERTER_TARGETS = ['pdf', 'eps'] as const;
export type ConverterTarget = (typeof CONVERTER_TARGETS)[number];

export const isConverterTarget = (value: string): value is ConverterTarget =>
  (CONVERTER_TARGETS as readonly string[]).includes(value);

/** SPEC §7: the message for any other extension. */
export const unsupportedExtensionMessage = (ext: string) =>
  `extension: ${ext} is not supported by converter api`;

export type ConversionResult =
  | { ok: true; fileName: string; contentType: string; body: Buffer | string }
  | {
      ok: false;
      code: 'invalid' | 'file_type_not_supported' | 'svg_external_reference';
      pointer: string;
      detail: string;
    };

const MAX_SVG_BYTES = 5_000_000;

/** `name.svg` → `name`, keeping only characters safe in a download file name. */
export function baseName(fileName: string): string {
  const withoutExt = fileName.replace(/\.svg$/i, '');
  return withoutExt.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 100) || 'qr-code';
}

export async function convertSvg(
  target: ConverterTarget,
  fileName: string,
  svg: string,
): Promise<ConversionResult> {
  if (!/\.svg$/i.test(fileName) || !/<svg\b/i.test(svg) || svg.length > MAX_SVG_BYTES) {
    return {
      ok: false,
      code: 'file_type_not_supported',
      pointer: '/svg',
      detail: 'An SVG file is required',
    };
  }
  const unsafe = findUnsafeSvgContent(svg);
  if (unsafe) {
    return {
      ok: false,
      code: 'svg_external_reference',
      pointer: '/svg',
      detail: `The SVG refers to something outside it (${unsafe.found}); only images embedded as PNG or JPEG data can be converted`,
    };
  }
  const name = baseName(fileName);
  if (target === 'pdf') {
    return {
      ok: true,
      fileName: `${name}.pdf`,
      contentType: 'application/pdf',
      body: await svgToPdf(svg, { title: name }),
    };
  }
  try {
    return {
      ok: true,
      fileName: `${name}.eps`,
      contentType: 'application/postscript',
      body: await svgToEps(svg, { sizePt: svgSize(svg).width, title: name }),
    };
  } catch {
    // The EPS writer covers what our renderer draws; anything else is refused, not approximated.
    return {
      ok: false,
      code: 'invalid',
      pointer: '/svg',
      detail: 'Only QR code SVGs made by this dashboard can be converted to EPS',
    };
  }
}
