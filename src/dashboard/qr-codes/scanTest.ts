// "Test the scan": draw the PNG exactly as it is downloaded and read it back with zxing-wasm.
// The reader's .wasm is served with the dashboard (Vite ?url); by default zxing-wasm would fetch
// it from a CDN, which fails offline and on self-hosted installs without internet access.
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { scannabilityWarnings, type ScannabilityWarning } from '../../shared/scannability';
import { renderPng, type QrSource } from './download';

let isPrepared = false;

function prepare(): void {
  if (isPrepared) return;
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path,
    },
  });
  isPrepared = true;
}

/** The text of the first QR code in the image, or null when none is found. */
export async function decodeQr(image: Blob): Promise<string | null> {
  prepare();
  const results = await readBarcodes(image, {
    formats: ['QRCode'],
    tryHarder: true,
    tryInvert: true,
    maxNumberOfSymbols: 1,
  });
  const first = results.find((result) => result.isValid);
  return first ? first.text : null;
}

export interface ScanTestResult {
  /** The code read back exactly the text it should encode. */
  isOk: boolean;
  decoded: string | null;
  warnings: ScannabilityWarning[];
}

/** Scanner apps see a code of a few hundred pixels; test at that size, not the print size. */
const TEST_SIZE = 400;

export async function testScan(source: QrSource): Promise<ScanTestResult> {
  const decoded = await decodeQr(await renderPng(source, TEST_SIZE));
  return {
    isOk: decoded === source.text,
    decoded,
    warnings: scannabilityWarnings(source.design, source.design.logo.mediaId !== null),
  };
}
