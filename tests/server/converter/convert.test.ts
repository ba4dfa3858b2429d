import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  baseName,
  convertSvg,
  unsupportedExtensionMessage,
} from '../../../src/server/converter/convert.js';
import { embedQrMetadata, readQrMetadata } from '../../../src/shared/qrMetadata.js';
import { qrToEps } from '../../../src/server/converter/qrEps.js';
import { svgSize } from '../../../src/server/converter/svgToPdf.js';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode.js';

const TEXT = 'http://127.0.0.1:3000/s/AbC123';

async function qrSvg(): Promise<string> {
  return embedQrMetadata(await QRCode.toString(TEXT, { type: 'svg', width: 300 }), {
    text: TEXT,
    design: DEFAULT_QR_DESIGN,
  });
}

describe('converter', () => {
  it('turns an SVG into a vector PDF of the same size', async () => {
    const result = await convertSvg('pdf', 'Poster A.svg', await qrSvg());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fileName).toBe('Poster A.pdf');
    const pdf = Buffer.from(result.body);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Vector paths, not an embedded raster image.
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 300 300\]/);
  });

  it('draws an EPS module by module from the embedded text and design', async () => {
    const result = await convertSvg('eps', 'code.svg', await qrSvg());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const eps = String(result.body);
    expect(eps.startsWith('%!PS-Adobe-3.0 EPSF-3.0')).toBe(true);
    const qr = QRCode.create(TEXT, { errorCorrectionLevel: 'Q' });
    let dark = 0;
    for (let r = 0; r < qr.modules.size; r++)
      for (let c = 0; c < qr.modules.size; c++) if (qr.modules.get(r, c)) dark++;
    // Every dark module outside the three 7×7 finders (33 dark modules each) is one square.
    expect(eps.match(/ m$/gm)?.length).toBe(dark - 3 * 33);
    expect(eps.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('refuses EPS for an SVG without our metadata, and anything that is not an SVG', async () => {
    const plain = await QRCode.toString(TEXT, { type: 'svg' });
    expect(await convertSvg('eps', 'x.svg', plain)).toMatchObject({ ok: false, code: 'invalid' });
    expect(await convertSvg('pdf', 'x.png', plain)).toMatchObject({
      ok: false,
      code: 'file_type_not_supported',
    });
    expect(await convertSvg('pdf', 'x.svg', 'hello')).toMatchObject({ ok: false, pointer: '/svg' });
  });

  it('round-trips metadata with characters that need escaping', () => {
    const text = 'https://example.com/?a=1&b=<2>';
    const svg = embedQrMetadata('<svg width="10" height="10"></svg>', {
      text,
      design: DEFAULT_QR_DESIGN,
    });
    expect(svg).not.toContain('<2>');
    expect(readQrMetadata(svg)?.text).toBe(text);
    expect(qrToEps(text, DEFAULT_QR_DESIGN)).toContain('%%BoundingBox');
  });

  it('keeps download names safe and reads the SVG size', () => {
    expect(baseName('../../etc/passwd.svg')).toBe('.._.._etc_passwd');
    expect(svgSize('<svg viewBox="0 0 120 80">')).toEqual({ width: 120, height: 80 });
    expect(unsupportedExtensionMessage('png')).toBe(
      'extension: png is not supported by converter api',
    );
  });
});
