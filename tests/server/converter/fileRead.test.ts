// Issue 7, part 1: the PDF converter must never read the server's disk. An SVG naming a file —
// by path, file:// URL, relative path, any href flavour, <use>, url() or an external entity —
// is refused with a clear 422 at the field; the file's bytes never reach the PDF. The JPEG below
// carries a marker in a comment segment, which pdfkit copies verbatim into a PDF that embeds it.
import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { renderQrSvg } from '../../../src/server/converter/render.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedQrMetadata } from '../../../src/shared/qrMetadata.js';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode.js';
import { call } from '../../helpers/testApp.js';
import {
  buildContentApp,
  firstError,
  multipart,
  uploadOk,
  type ContentTestApp,
} from '../api/routes/contentHelpers.js';

const MARKER = 'SECRET-MARKER-7f3a9c';
let t: ContentTestApp;
let secretFile: string;
let otherCustomersMedia: string;
let qrSvg: string;

async function markedJpeg(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#ff0000' },
  })
    .jpeg()
    .toBuffer();
  const comment = Buffer.from(MARKER);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** Our QR code SVG (with its metadata) plus whatever the attacker adds inside it. */
const withInside = (extra: string) => qrSvg.replace('</svg>', `${extra}</svg>`);

function convert(target: 'svg2pdf' | 'svg2eps', svg: string) {
  const { body, headers } = multipart([
    { name: 'svg', filename: 'code.svg', content: svg, contentType: 'image/svg+xml' },
  ]);
  return call(t.app, 'POST', `/api/converter/${target}`, { cookie: t.cookies.user, body, headers });
}

beforeAll(async () => {
  t = await buildContentApp();
  const jpeg = await markedJpeg();
  secretFile = path.join(t.dataDir, 'server-secret.jpg');
  fs.writeFileSync(secretFile, jpeg);
  // Another customer (Acme) uploads the same kind of file through the real API.
  const mediaId = await uploadOk(t, {
    cookie: t.cookies.other,
    projectId: t.ids.projects.acme,
    kind: 'image',
    filename: 'acme-logo.jpg',
    content: jpeg,
  });
  otherCustomersMedia = path.join(t.dataDir, 'media', t.ids.customers.acme, mediaId);
  expect(fs.existsSync(otherCustomersMedia)).toBe(true);
  const text = `${t.config.scanBaseUrl}/AbC123defG`;
  qrSvg = embedQrMetadata(
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

describe('the converter reads no file of the server', () => {
  const cases: [string, () => string][] = [
    ['an absolute path', () => `<image href="${secretFile}" width="10" height="10"/>`],
    [
      'another customer’s media',
      () => `<image href="${otherCustomersMedia}" width="10" height="10"/>`,
    ],
    ['a file:// URL', () => `<image href="file://${secretFile}" width="10" height="10"/>`],
    [
      'a relative path',
      () => `<image href="../../../../../../..${secretFile}" width="10" height="10"/>`,
    ],
    [
      'xlink:href',
      () =>
        `<image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="${secretFile}" width="10" height="10"/>`,
    ],
    [
      'an http URL',
      () => '<image href="http://169.254.169.254/latest/meta-data" width="1" height="1"/>',
    ],
    ['a <use> of another document', () => `<use href="${secretFile}#x"/>`],
    ['a url() fill', () => `<rect width="5" height="5" fill="url(${secretFile})"/>`],
    [
      'a style url()',
      () => `<rect width="5" height="5" style="fill: url('file://${secretFile}')"/>`,
    ],
    [
      'a data URI that is not an image',
      () => '<image href="data:text/html;base64,PGgxPg==" width="1" height="1"/>',
    ],
  ];

  it.each(cases)(
    'refuses %s with svg_external_reference, leaking nothing',
    async (_name, extra) => {
      for (const target of ['svg2pdf', 'svg2eps'] as const) {
        const response = await convert(target, withInside(extra()));
        expect(response.statusCode, response.body).toBe(422);
        expect(firstError(response)).toMatchObject({
          code: 'svg_external_reference',
          source: { pointer: '/svg' },
        });
        expect(response.rawPayload.includes(MARKER)).toBe(false);
      }
    },
  );

  it('refuses document type declarations (external entities)', async () => {
    const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://${secretFile}">]>${withInside('<text>&x;</text>')}`;
    const response = await convert('svg2pdf', svg);
    expect(response.statusCode).toBe(422);
    expect(firstError(response).code).toBe('svg_external_reference');
  });

  it('still embeds a logo the dashboard put in as PNG or JPEG data', async () => {
    const jpeg = await markedJpeg();
    const logo = `<image href="data:image/jpeg;base64,${jpeg.toString('base64')}" x="80" y="80" width="40" height="40"/>`;
    const response = await convert('svg2pdf', withInside(logo));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // The embedded bytes are the SVG's own: converting them is the point.
    expect(response.rawPayload.includes(MARKER)).toBe(true);
  });

  it('writes EPS only from QR code SVGs our renderer drew', async () => {
    const plain = await QRCode.toString('https://example.com', { type: 'svg' });
    const response = await convert('svg2eps', plain);
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toMatchObject({ code: 'invalid', source: { pointer: '/svg' } });
  });
});
