// The scannability gate: the file about to be downloaded is rendered and read back with ZXing
// (zxing-wasm, its .wasm loaded from node_modules, never a CDN), with inversion OFF, because many
// phone scanners do not try inverted codes; then once more as a small print would look: scaled to
// the chosen size at 300 dpi and blurred like ink on paper.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  printModuleCheck,
  scannabilityWarnings,
  type ScanCheck,
  type ScanFailure,
} from '../../shared/scannability.js';
import type { QrDesign } from '../../shared/schemas/qrCode.js';
import { svgToPng } from './render.js';

/** The resolution a print shop prints at, and the blur of ink spreading on paper (in pixels). */
const PRINT_DPI = 300;
const INK_BLUR_SIGMA = 0.8;
/** A screen-sized rendering of the exact file: what a phone sees of a code on a monitor. */
const SCREEN_PIXELS = 600;
/** A PNG file wider than this is read from a rendering of its SVG at this width (same drawing). */
const MAX_DECODE_PIXELS = 1500;

// sharp (libvips) and zxing-wasm load with the first print file, not with every server start: a
// server that only redirects never carries them (the scan path's memory goal, issue 11).

// zxing-wasm keeps one compiled module per process (its own state, not ours); we only tell it
// where the .wasm is, once, before the first read.
let prepared: Promise<typeof import('zxing-wasm/reader')> | null = null;
function prepare(): Promise<typeof import('zxing-wasm/reader')> {
  prepared ??= (async () => {
    const zxing = await import('zxing-wasm/reader');
    const require = createRequire(import.meta.url);
    const wasmBinary = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await zxing.prepareZXingModule({
      overrides: { wasmBinary: wasmBinary.buffer as ArrayBuffer },
      fireImmediately: true,
    });
    return zxing;
  })();
  return prepared;
}

/** The text of the QR code in a PNG, read without inversion; null when none is found. */
export async function decodePng(png: Buffer): Promise<string | null> {
  const { readBarcodes } = await prepare();
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['QRCode'],
    tryHarder: true,
    tryInvert: false,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid)?.text ?? null;
}

/**
 * The code as printed `sizeMm` wide at 300 dpi, blurred like ink. A PNG of exactly that width
 * (the file itself, when it was asked at 300 dpi) is used instead of drawing it again.
 */
export async function simulatedPrint(svg: string, sizeMm: number, png?: Buffer): Promise<Buffer> {
  // Beyond MAX_DECODE_PIXELS (about 13 cm) a print is only easier to read than this one.
  const pixels = Math.min(MAX_DECODE_PIXELS, Math.max(21, Math.round((sizeMm / 25.4) * PRINT_DPI)));
  const { default: sharp } = await import('sharp');
  const width = png ? (await sharp(png).metadata()).width : undefined;
  const drawn = png && width === pixels ? png : svgToPng(svg, pixels);
  return sharp(drawn).flatten({ background: '#ffffff' }).blur(INK_BLUR_SIGMA).png().toBuffer();
}

export interface ScanCheckInput {
  /** The SVG every format is made from, and the PNG file itself when that is the format. */
  svg: string;
  png?: Buffer;
  text: string;
  design: QrDesign;
  sizeMm: number;
  totalModules: number;
}

export async function checkScannability(input: ScanCheckInput): Promise<ScanCheck> {
  const { default: sharp } = await import('sharp');
  const pngWidth = input.png ? (await sharp(input.png).metadata()).width : undefined;
  const exact =
    input.png && pngWidth && pngWidth <= MAX_DECODE_PIXELS
      ? input.png
      : svgToPng(input.svg, input.png ? MAX_DECODE_PIXELS : SCREEN_PIXELS);
  const decoded = await decodePng(exact);
  const failures: ScanFailure[] = [];
  if (decoded === null) {
    const inverted = scannabilityWarnings(input.design, false).includes('invertedColors');
    failures.push(inverted ? 'invertedColors' : 'unreadable');
  } else if (decoded !== input.text) {
    failures.push('mismatch');
  } else if (
    (await decodePng(await simulatedPrint(input.svg, input.sizeMm, input.png))) !== input.text
  ) {
    failures.push('smallPrint');
  }
  return {
    ok: failures.length === 0,
    failures,
    decoded,
    ...printModuleCheck(input.sizeMm, input.totalModules),
  };
}
