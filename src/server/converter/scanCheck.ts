// The scannability gate: the file about to be downloaded is rendered and read back with ZXing
// (zxing-wasm, its .wasm loaded from node_modules, never a CDN), with inversion OFF, because many
// phone scanners do not try inverted codes; then once more as a small print would look: scaled to
// the chosen size at 300 dpi and blurred like ink on paper.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
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

// zxing-wasm keeps one compiled module per process (its own state, not ours); we only tell it
// where the .wasm is, once, before the first read.
let prepared: Promise<void> | null = null;
function prepare(): Promise<void> {
  prepared ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmBinary = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({
      overrides: { wasmBinary: wasmBinary.buffer as ArrayBuffer },
      fireImmediately: true,
    });
  })();
  return prepared;
}

/** The text of the QR code in a PNG, read without inversion; null when none is found. */
export async function decodePng(png: Buffer): Promise<string | null> {
  await prepare();
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['QRCode'],
    tryHarder: true,
    tryInvert: false,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid)?.text ?? null;
}

/** The code as printed `sizeMm` wide at 300 dpi, blurred like ink. */
export async function simulatedPrint(svg: string, sizeMm: number): Promise<Buffer> {
  const pixels = Math.max(21, Math.round((sizeMm / 25.4) * PRINT_DPI));
  return sharp(svgToPng(svg, pixels))
    .flatten({ background: '#ffffff' })
    .blur(INK_BLUR_SIGMA)
    .png()
    .toBuffer();
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
  const exact = input.png ?? svgToPng(input.svg, SCREEN_PIXELS);
  const decoded = await decodePng(exact);
  const failures: ScanFailure[] = [];
  if (decoded === null) {
    const inverted = scannabilityWarnings(input.design, false).includes('invertedColors');
    failures.push(inverted ? 'invertedColors' : 'unreadable');
  } else if (decoded !== input.text) {
    failures.push('mismatch');
  } else if ((await decodePng(await simulatedPrint(input.svg, input.sizeMm))) !== input.text) {
    failures.push('smallPrint');
  }
  return {
    ok: failures.length === 0,
    failures,
    decoded,
    ...printModuleCheck(input.sizeMm, input.totalModules),
  };
}
