import QRCode from 'qrcode';
import { renderQrSvg } from '../../../../src/server/converter/render.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedQrMetadata } from '../../../../src/shared/qrMetadata.js';
import { DEFAULT_QR_DESIGN } from '../../../../src/shared/schemas/qrCode.js';
import { call } from '../../../helpers/testApp.js';
import { buildContentApp, firstError, multipart, type ContentTestApp } from './contentHelpers.js';

let t: ContentTestApp;
let svg: string;
beforeAll(async () => {
  t = await buildContentApp();
  const text = `${t.config.scanBaseUrl}/AbC123defG`;
  svg = embedQrMetadata(
    (await renderQrSvg({ text: text, design: DEFAULT_QR_DESIGN, logo: null })).svg,
    {
      text,
      design: DEFAULT_QR_DESIGN,
    },
  );
});
afterAll(async () => {
  await t.close();
});

function convert(target: string, file: { name: string; content: string }, cookie?: string) {
  const { body, headers } = multipart([
    { name: 'svg', filename: file.name, content: file.content, contentType: 'image/svg+xml' },
  ]);
  return call(t.app, 'POST', `/api/converter/${target}`, {
    cookie: cookie ?? t.cookies.user,
    body,
    headers,
  });
}

describe('POST /converter/{target}', () => {
  it('svg2pdf answers a PDF download named after the SVG', async () => {
    const response = await convert('svg2pdf', { name: 'Poster A.svg', content: svg });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Poster A.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('svg2eps answers an EPS download drawn from the embedded QR data', async () => {
    const response = await convert('svg2eps', { name: 'code.svg', content: svg });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/postscript');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="code.eps"/);
    expect(response.body.startsWith('%!PS-Adobe-3.0 EPSF-3.0')).toBe(true);
  });

  it.each(['svg2png', 'svg2jpg', 'pdf2svg'])('%s → 400 with the SPEC message', async (target) => {
    const response = await convert(target, { name: 'code.svg', content: svg });
    expect(response.statusCode).toBe(400);
    const ext = target.replace(/^svg2/, '');
    expect(firstError(response).detail).toBe(`extension: ${ext} is not supported by converter api`);
  });

  it('refuses what is not an SVG, an EPS without our metadata, and anonymous callers', async () => {
    const notSvg = await convert('svg2pdf', { name: 'photo.png', content: 'hello' });
    expect(notSvg.statusCode).toBe(422);
    expect(firstError(notSvg)).toMatchObject({
      code: 'file_type_not_supported',
      source: { pointer: '/svg' },
    });
    const plain = await QRCode.toString('x', { type: 'svg' });
    const noMetadata = await convert('svg2eps', { name: 'x.svg', content: plain });
    expect(noMetadata.statusCode).toBe(422);
    expect(firstError(noMetadata)).toMatchObject({ code: 'invalid', source: { pointer: '/svg' } });

    const { body, headers } = multipart([{ name: 'other', value: 'x' }]);
    const missing = await call(t.app, 'POST', '/api/converter/svg2pdf', {
      cookie: t.cookies.user,
      body,
      headers,
    });
    expect(firstError(missing)).toMatchObject({ code: 'required', source: { pointer: '/svg' } });

    const anonymous = await call(t.app, 'POST', '/api/converter/svg2pdf', { body, headers });
    expect(anonymous.statusCode).toBe(401);
  });
});
