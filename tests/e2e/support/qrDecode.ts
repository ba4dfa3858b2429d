// Decodes a QR image outside the browser, with zxing-wasm's local wasm (no CDN fetch offline).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared = false;

export async function decodeQr(image: Uint8Array): Promise<string[]> {
  if (!prepared) {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasm = fs.readFileSync(wasmPath);
    prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
      },
    });
    prepared = true;
  }
  const results = await readBarcodes(image, { formats: ['QRCode'] });
  return results.map((result) => result.text);
}
