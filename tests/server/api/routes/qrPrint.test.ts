// Print files from the server (issue 12): GET …/qr-codes/{id}/download in every format, the
// scannability gate's refusal and its audited override, …/scan-check, the print pack, and a short
// link's QR code through the same routes (…/short-links/{id}/download).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QR_DESIGN, type QrDesign } from '../../../../src/shared/schemas/qrCode.js';
import { buildProject } from '../../../helpers/factories.js';
import { call } from '../../../helpers/testApp.js';
import { renderWithTool, zbarDecode, type PrintFileFormat } from '../../../helpers/printTools.js';
import { buildContentApp, firstError, uploadOk, type ContentTestApp } from './contentHelpers.js';

let t: ContentTestApp;
let dir: string;
let pid: string;
beforeAll(async () => {
  t = await buildContentApp();
  dir = await mkdtemp(path.join(tmpdir(), 'qr-print-'));
  pid = await buildProject(t.db, { customerId: t.ids.customers.demo });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const LIGHT_ON_DARK: QrDesign = {
  ...DEFAULT_QR_DESIGN,
  dots: { type: 'square', color: '#ffffff', gradient: null },
  cornersSquare: { type: 'square', color: '#ffffff', gradient: null },
  cornersDot: { type: 'square', color: '#ffffff', gradient: null },
  background: { color: '#000000', gradient: null },
};

async function createCode(name: string, design: QrDesign = DEFAULT_QR_DESIGN) {
  const response = await call(t.app, 'POST', `/api/projects/${pid}/qr-codes`, {
    cookie: t.cookies.customeradmin,
    body: { name, design },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; scanUrl: string; code: string };
}

const download = (id: string, query: string) =>
  call(t.app, 'GET', `/api/projects/${pid}/qr-codes/${id}/download?${query}`, {
    cookie: t.cookies.customeradmin,
  });

/** The audit rows of forced downloads of one item. */
const downloadRows = (itemId: string) =>
  t.db
    .selectFrom('auditLogs')
    .selectAll()
    .where('itemId', '=', itemId)
    .where('action', '=', 'downloaded')
    .execute();

/** What zbarimg reads from a file, rendered first by the independent tool for its format. */
async function decodeFile(name: string, bytes: Uint8Array): Promise<string | null> {
  const file = path.join(dir, name.replace(/\//g, '_'));
  await writeFile(file, bytes);
  return zbarDecode(await renderWithTool(file, path.extname(file).slice(1) as PrintFileFormat));
}

describe('GET /projects/{pid}/qr-codes/{id}/download', () => {
  it('serves PNG at the chosen size and DPI, SVG, PDF and EPS, all scanning to the scan URL', async () => {
    const logo = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId: pid,
      kind: 'logo',
      filename: 'logo.png',
      content: await sharp({
        create: { width: 60, height: 60, channels: 3, background: '#c81e3c' },
      })
        .png()
        .toBuffer(),
    });
    const qr = await createCode('Poster ü', {
      ...DEFAULT_QR_DESIGN,
      dots: { type: 'rounded', color: '#102030', gradient: null },
      logo: { mediaId: logo, size: 0.25, margin: 4, hideBackgroundDots: true },
    });
    const png = await download(qr.id, 'format=png&size=30&dpi=600');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-qr-scan-check']).toBe('pass');
    expect(png.headers['content-disposition']).toContain('Poster-u.png');
    const meta = await sharp(png.rawPayload).metadata();
    expect(meta.width).toBe(Math.round((30 / 25.4) * 600));
    expect(meta.density).toBe(600);
    expect(await decodeFile('one.png', png.rawPayload)).toBe(qr.scanUrl);
    for (const [format, type] of [
      ['svg', 'image/svg+xml'],
      ['pdf', 'application/pdf'],
      ['eps', 'application/postscript'],
    ]) {
      const response = await download(qr.id, `format=${format}&size=30`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain(type);
      expect(await decodeFile(`one.${format}`, response.rawPayload), format).toBe(qr.scanUrl);
    }
  });

  it('makes the PDF page the code plus 3 mm bleed with crop marks, and CMYK on request', async () => {
    const qr = await createCode('Bleed');
    const plain = await download(qr.id, 'format=pdf&size=20');
    const box = (pdf: Buffer, name: string) =>
      new RegExp(`/${name} \\[([^\\]]*)\\]`)
        .exec(pdf.toString('latin1'))![1]
        .split(' ')
        .map(Number);
    const pt = (mm: number) => (mm * 72) / 25.4;
    expect(box(plain.rawPayload, 'MediaBox')[2]).toBeCloseTo(pt(20), 3);
    const bleed = await download(qr.id, 'format=pdf&size=20&bleed=true&cmyk=true');
    // The page's content streams, inflated: what colour operators they use.
    const raw = bleed.rawPayload.toString('latin1');
    const text = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
      .map((match) => {
        try {
          return inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
        } catch {
          return match[1];
        }
      })
      .join('\n');
    expect(box(bleed.rawPayload, 'MediaBox')[2]).toBeCloseTo(pt(26), 3);
    expect(box(bleed.rawPayload, 'TrimBox')[0]).toBeCloseTo(pt(3), 3);
    expect(box(bleed.rawPayload, 'TrimBox')[2]).toBeCloseTo(pt(23), 3);
    expect(text).toContain('/DeviceCMYK cs');
    expect(text).not.toContain('/DeviceRGB cs');
    expect(text).not.toMatch(/ rg\n/);
  });

  it('refuses a design that does not scan, with the reason, unless forced (and audits that)', async () => {
    const qr = await createCode('Inverted', LIGHT_ON_DARK);
    const refused = await download(qr.id, 'format=svg');
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)).toMatchObject({
      code: 'qr_not_scannable',
      meta: { values: ['invertedColors'] },
    });
    const check = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/qr-codes/${qr.id}/scan-check?size=40`,
      {
        cookie: t.cookies.customeradmin,
      },
    );
    expect(check.json().data).toMatchObject({
      ok: false,
      failures: ['invertedColors'],
      decoded: null,
    });
    const forced = await download(qr.id, 'format=svg&force=true');
    expect(forced.statusCode).toBe(200);
    expect(forced.headers['x-qr-scan-check']).toBe('forced');
    const audit = await downloadRows(qr.id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0].changes))).toMatchObject({
      forced: true,
      failures: ['invertedColors'],
    });
  });

  it('tells the module size and scan distance, and validates the size', async () => {
    const qr = await createCode('Small');
    const check = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/qr-codes/${qr.id}/scan-check?size=15`,
      {
        cookie: t.cookies.customeradmin,
      },
    );
    const data = check.json().data;
    expect(data.ok).toBe(true);
    expect(data.moduleMm).toBeCloseTo(15 / (29 + 8), 1);
    expect(data.maxDistanceCm).toBeGreaterThan(5);
    const tooSmall = await download(qr.id, 'format=png&size=5');
    expect(tooSmall.statusCode).toBe(422);
    expect(firstError(tooSmall)).toMatchObject({ code: 'min', meta: { min: 10 } });
    const badFormat = await download(qr.id, 'format=gif');
    expect(badFormat.statusCode).toBe(422);
  });
});

describe('GET /projects/{pid}/qr-codes/print-pack', () => {
  it('zips every format per code, a manifest and an A4 label sheet, leaving out refused codes', async () => {
    const a = await createCode('Door');
    const b = await createCode('Window', {
      ...DEFAULT_QR_DESIGN,
      dots: { type: 'dots', color: '#000000', gradient: null },
    });
    const bad = await createCode('Dark', LIGHT_ON_DARK);
    const response = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/qr-codes/print-pack?ids=${[a.id, b.id, bad.id].join(',')}&size=30&dpi=300`,
      { cookie: t.cookies.customeradmin },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-print-pack-total']).toBe('3');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names.filter((name) => name.includes('/'))).toHaveLength(8);
    expect(names.some((name) => name.startsWith('Dark'))).toBe(false);
    for (const name of names.filter((n) => n.includes('/'))) {
      const expected = name.startsWith('Door') ? a.scanUrl : b.scanUrl;
      expect(await decodeFile(name, files[name]), name).toBe(expected);
    }
    const manifest = new TextDecoder().decode(files['manifest.csv']);
    expect(manifest.split('\n')[0]).toBe('name,scan_url,action,tags,files,scan_check,module_mm');
    expect(manifest).toContain(`Door,${a.scanUrl}`);
    expect(manifest).toMatch(/Dark,[^\n]*refused: invertedColors/);
    const sheet = Buffer.from(files['label-sheet.pdf']).toString('latin1');
    expect(sheet).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(await decodeFile('labels.pdf', files['label-sheet.pdf'])).toMatch(/^https?:\/\//);
  });

  it('answers 422 without ids', async () => {
    const response = await call(t.app, 'GET', `/api/projects/${pid}/qr-codes/print-pack?ids=x`, {
      cookie: t.cookies.customeradmin,
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('PNG size limits', () => {
  it('refuses a PNG wider than 8000 pixels with the largest DPI for that size', async () => {
    const qr = await createCode('Huge');
    const response = await download(qr.id, 'format=png&size=1000&dpi=1200');
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toMatchObject({
      code: 'max',
      source: { pointer: '/dpi' },
      meta: { max: 203 },
    });
    // A PDF of that size is vectors: no limit but the size's own.
    expect((await download(qr.id, 'format=pdf&size=1000&dpi=1200')).statusCode).toBe(200);
  });
});

describe('GET /projects/{pid}/short-links/{id}/download', () => {
  it("serves the short link's QR code as PNG, SVG, PDF and EPS, all scanning to its scan URL", async () => {
    const created = await call(t.app, 'POST', `/api/projects/${pid}/short-links`, {
      cookie: t.cookies.customeradmin,
      body: { name: 'Flyer link', uri: 'flyer-print' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json().data as { id: string; scanUrl: string };
    const linkDownload = (query: string) =>
      call(t.app, 'GET', `/api/projects/${pid}/short-links/${link.id}/download?${query}`, {
        cookie: t.cookies.customeradmin,
      });
    for (const format of ['png', 'svg', 'pdf', 'eps']) {
      const response = await linkDownload(`format=${format}&size=30`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-qr-scan-check']).toBe('pass');
      expect(response.headers['content-disposition']).toContain(`Flyer-link.${format}`);
      expect(await decodeFile(`link.${format}`, response.rawPayload), format).toBe(link.scanUrl);
    }
    const check = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/short-links/${link.id}/scan-check?size=20`,
      { cookie: t.cookies.customeradmin },
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ ok: true, decoded: link.scanUrl });
    const tooWide = await linkDownload('format=png&size=500&dpi=1200');
    expect(tooWide.statusCode).toBe(422);
    expect(firstError(tooWide)).toMatchObject({ code: 'max' });
  });

  it('refuses a file of it that would not scan unless forced, and audits the override', async () => {
    // 64 characters of uri make a dense code: at 15 mm and 72 dpi its PNG no longer reads.
    const uri = 'dense-'.padEnd(64, 'x');
    const created = await call(t.app, 'POST', `/api/projects/${pid}/short-links`, {
      cookie: t.cookies.customeradmin,
      body: { name: 'Dense link', uri },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json().data as { id: string };
    const url = `/api/projects/${pid}/short-links/${link.id}/download?format=png&size=15&dpi=72`;
    const refused = await call(t.app, 'GET', url, { cookie: t.cookies.customeradmin });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)).toMatchObject({
      code: 'qr_not_scannable',
      meta: { values: ['unreadable'] },
    });
    const forced = await call(t.app, 'GET', `${url}&force=true`, {
      cookie: t.cookies.customeradmin,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.headers['x-qr-scan-check']).toBe('forced');
    const audit = await downloadRows(link.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ type: 'short_link', name: 'Dense link', projectId: pid });
    expect(JSON.parse(String(audit[0].changes))).toMatchObject({
      format: 'png',
      forced: true,
      failures: ['unreadable'],
    });
  });
});
