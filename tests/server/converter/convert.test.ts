import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  baseName,
  convertSvg,
  unsupportedExtensionMessage,
} from '../../../src/server/converter/convert.js';
import { embedQrMetadata, readQrMetadata } from '../../../src/shared/qrMetadata.js';
import { renderQrSvg } from '../../../src/server/converter/render.js';
import { svgSize } from '../../../src/server/converter/svgToPdf.js';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode.js';

const TEXT = 'http://127.0.0.1:3000/s/AbC123';

async function qrSvg(): Promise<string> {
  const { svg } = await renderQrSvg({ text: TEXT, design: DEFAULT_QR_DESIGN, logo: null });
  return embedQrMetadata(svg, { text: TEXT, design: DEFAULT_QR_DESIGN });
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
    const { size } = await renderQrSvg({ text: TEXT, design: DEFAULT_QR_DESIGN, logo: null });
    expect(pdf.toString('latin1')).toContain(`/MediaBox [0 0 ${size} ${size}]`);
  });

  it('writes the EPS from the same SVG, as PostScript paths', async () => {
    const result = await convertSvg('eps', 'code.svg', await qrSvg());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const eps = String(result.body);
    expect(eps.startsWith('%!PS-Adobe-3.0 EPSF-3.0')).toBe(true);
    expect(eps).toMatch(/%%BoundingBox: 0 0 (\d+) \1\n/);
    expect(eps).toMatch(/^clip newpath$/m);
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
  });

  it('keeps download names safe and reads the SVG size', () => {
    expect(baseName('../../etc/passwd.svg')).toBe('.._.._etc_passwd');
    expect(svgSize('<svg viewBox="0 0 120 80">')).toEqual({ width: 120, height: 80 });
    expect(unsupportedExtensionMessage('png')).toBe(
      'extension: png is not supported by converter api',
    );
  });
});
