// The print corpus (issue 12): designs covering every dot and corner style, gradients, logos, each
// error correction level, low contrast, light on dark and margin 0, exported in all four formats
// by the server's renderer and read back by independent tools: Debian's rsvg-convert, pdftoppm and
// Ghostscript render, zbarimg decodes. Whatever the gate lets through must decode in every
// format; whatever it refuses must be something a decoder fails on; PDF and EPS must be the PNG's
// symbol module for module. The table it prints is the one in the closing note.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogoImage, QrSource } from '../../../src/server/converter/render.js';
import { renderQrSvg } from '../../../src/server/converter/render.js';
import { simulatedPrint } from '../../../src/server/converter/scanCheck.js';
import {
  PRINT_FORMATS,
  renderPrintFile,
  type PrintFormat,
} from '../../../src/server/services/download.js';
import { maxLogoShare } from '../../../src/shared/qrStyling.js';
import { renderWithTool, zbarDecode } from '../../helpers/printTools.js';
import { DEFAULT_QR_DESIGN, type QrDesign } from '../../../src/shared/schemas/qrCode.js';

const TEXT = 'https://scan.example.com/Ab3dE5gH7k';
const SIZE_MM = 40;
const DPI = 300;
const LOGO_ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';

const solid = (color: string) => ({ color, gradient: null });
const design = (change: Partial<QrDesign>): QrDesign => ({ ...DEFAULT_QR_DESIGN, ...change });
const dots = (type: QrDesign['dots']['type'], color = '#000000') => ({ type, ...solid(color) });
const withLogo = (size: number, level: QrDesign['errorCorrectionLevel']): Partial<QrDesign> => ({
  errorCorrectionLevel: level,
  logo: { mediaId: LOGO_ID, size, margin: 4, hideBackgroundDots: true },
});
const linear = {
  color: '#000000',
  gradient: {
    type: 'linear' as const,
    rotation: 45,
    colorStops: [
      { offset: 0, color: '#000000' },
      { offset: 1, color: '#1d3f8f' },
    ],
  },
};
const radial = {
  color: '#5a0000',
  gradient: {
    type: 'radial' as const,
    rotation: 0,
    colorStops: [
      { offset: 0, color: '#5a0000' },
      { offset: 0.5, color: '#202060' },
      { offset: 1, color: '#000000' },
    ],
  },
};

const CORPUS: [string, QrDesign][] = [
  ['default (Q, square)', DEFAULT_QR_DESIGN],
  ['dots: dots', design({ dots: dots('dots') })],
  ['dots: rounded', design({ dots: dots('rounded') })],
  ['dots: classy', design({ dots: dots('classy') })],
  ['dots: classy-rounded', design({ dots: dots('classy-rounded') })],
  ['dots: extra-rounded', design({ dots: dots('extra-rounded') })],
  [
    'corners: dot + dot',
    design({
      cornersSquare: { type: 'dot', ...solid('#000000') },
      cornersDot: { type: 'dot', ...solid('#000000') },
    }),
  ],
  [
    'corners: extra-rounded',
    design({ cornersSquare: { type: 'extra-rounded', ...solid('#202020') } }),
  ],
  ['level L', design({ errorCorrectionLevel: 'L' })],
  ['level M', design({ errorCorrectionLevel: 'M' })],
  ['level H', design({ errorCorrectionLevel: 'H', dots: dots('rounded') })],
  ['linear gradient dots', design({ dots: { type: 'square', ...linear } })],
  [
    'radial gradient dots + corners',
    design({
      dots: { type: 'classy', ...radial },
      cornersSquare: { type: 'extra-rounded', ...radial },
    }),
  ],
  [
    'gradient background',
    design({
      background: {
        color: '#ffffff',
        gradient: {
          type: 'linear',
          rotation: 90,
          colorStops: [
            { offset: 0, color: '#ffffff' },
            { offset: 1, color: '#dfeaff' },
          ],
        },
      },
    }),
  ],
  ['logo small (Q)', design(withLogo(0.15, 'Q'))],
  ['logo largest (H)', design(withLogo(maxLogoShare('H'), 'H'))],
  ['logo largest (L)', design(withLogo(maxLogoShare('L'), 'L'))],
  [
    'low contrast (#8a8a8a)',
    design({
      dots: dots('square', '#8a8a8a'),
      cornersSquare: { type: 'square', ...solid('#8a8a8a') },
      cornersDot: { type: 'square', ...solid('#8a8a8a') },
    }),
  ],
  [
    'very low contrast (#e6e6e6)',
    design({
      dots: dots('square', '#e6e6e6'),
      cornersSquare: { type: 'square', ...solid('#e6e6e6') },
      cornersDot: { type: 'square', ...solid('#e6e6e6') },
    }),
  ],
  [
    'light on dark (white on black)',
    design({
      dots: dots('square', '#ffffff'),
      cornersSquare: { type: 'square', ...solid('#ffffff') },
      cornersDot: { type: 'square', ...solid('#ffffff') },
      background: solid('#000000'),
    }),
  ],
  [
    'light on dark (yellow on grey)',
    design({
      dots: dots('rounded', '#ffe14d'),
      cornersSquare: { type: 'square', ...solid('#ffe14d') },
      cornersDot: { type: 'square', ...solid('#ffe14d') },
      background: solid('#333333'),
    }),
  ],
  ['margin 0', design({ quietZone: 0 })],
  ['quiet zone 1, extra-rounded', design({ quietZone: 1, dots: dots('extra-rounded') })],
];

interface Row {
  name: string;
  gate: boolean;
  totalModules: number;
  decoded: Record<PrintFormat, boolean>;
  smallPrint: boolean;
  grids: Partial<Record<PrintFormat, boolean[]>>;
}

let dir: string;
let logo: LogoImage;
const rows: Row[] = [];

/** The drawing's module grid (dark or not at each module's centre), from the top-left corner. */
async function moduleGrid(png: string, totalModules: number): Promise<boolean[]> {
  const drawingPx = Math.round((SIZE_MM / 25.4) * DPI);
  const image = sharp(png).flatten({ background: '#ffffff' });
  const { height = 0 } = await sharp(png).metadata();
  // Ghostscript's EPS page is the whole-point bounding box: the drawing sits at its bottom left.
  const top = Math.max(0, height - drawingPx);
  const { data, info } = await image
    .extract({
      left: 0,
      top,
      width: Math.min(drawingPx, height),
      height: Math.min(drawingPx, height - top),
    })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grid: boolean[] = [];
  const step = info.width / totalModules;
  for (let y = 0; y < totalModules; y += 1) {
    for (let x = 0; x < totalModules; x += 1) {
      const px = Math.floor((x + 0.5) * step);
      const py = Math.floor((y + 0.5) * step);
      grid.push(data[py * info.width + px] < 128);
    }
  }
  return grid;
}

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'qr-corpus-'));
  // A logo with a transparent corner: the EPS mask and the PDF's image must both keep it.
  const png = await sharp({
    create: { width: 80, height: 60, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="80" height="60"><rect width="20" height="20" fill="#000" fill-opacity="0"/></svg>',
        ),
        blend: 'dest-in',
      },
    ])
    .png()
    .toBuffer();
  logo = { dataUrl: `data:image/png;base64,${png.toString('base64')}`, width: 80, height: 60 };

  await pool(
    CORPUS.map((entry, index) => ({ entry, index })),
    2,
    async ({ entry: [name, d], index }) => {
      const source: QrSource = { text: TEXT, design: d, logo: d.logo.mediaId ? logo : null };
      const row: Row = {
        name,
        gate: false,
        totalModules: 0,
        decoded: { png: false, svg: false, pdf: false, eps: false },
        smallPrint: false,
        grids: {},
      };
      const { svg, totalModules } = await renderQrSvg(source);
      row.totalModules = totalModules;
      const small = path.join(dir, `${index}-small.png`);
      await writeFile(small, await simulatedPrint(svg, SIZE_MM));
      row.smallPrint = (await zbarDecode(small)) === TEXT;
      for (const format of PRINT_FORMATS) {
        const file = await renderPrintFile(source, name, {
          format,
          size: SIZE_MM,
          dpi: DPI,
          bleed: false,
          cmyk: false,
        });
        row.gate = file.check.ok;
        const target = path.join(dir, `${index}.${format}`);
        await writeFile(target, file.body);
        const rendered = await renderWithTool(target, format, DPI);
        row.decoded[format] = (await zbarDecode(rendered)) === TEXT;
        row.grids[format] = await moduleGrid(rendered, totalModules);
      }
      rows[index] = row;
    },
  );
  const table = [
    '| design | PNG | SVG | PDF | EPS | small print | gate |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${PRINT_FORMATS.map((f) => (row.decoded[f] ? 'yes' : 'no')).join(' | ')} | ${row.smallPrint ? 'yes' : 'no'} | ${row.gate ? 'pass' : 'refused'} |`,
    ),
  ].join('\n');
  console.log(`print corpus (zbarimg decodes the scan URL):\n${table}`);
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('print corpus', () => {
  it('has at least 20 designs, and the gate both passes and refuses some', () => {
    expect(rows.filter(Boolean)).toHaveLength(CORPUS.length);
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
    expect(rows.some((row) => row.gate)).toBe(true);
    expect(rows.some((row) => !row.gate)).toBe(true);
  });

  it('decodes every design the gate lets through to its scan URL, in every format', () => {
    const failing = rows
      .filter((row) => row.gate)
      .flatMap((row) =>
        PRINT_FORMATS.filter((f) => !row.decoded[f]).map((f) => `${row.name} ${f}`),
      );
    expect(failing).toEqual([]);
  });

  it('refuses only designs some decoder fails on', () => {
    const readable = rows
      .filter((row) => !row.gate)
      .filter((row) => PRINT_FORMATS.every((f) => row.decoded[f]) && row.smallPrint)
      .map((row) => row.name);
    expect(readable).toEqual([]);
  });

  it('refuses light on dark', () => {
    expect(
      rows.filter((row) => row.name.startsWith('light on dark')).map((row) => row.gate),
    ).toEqual([false, false]);
  });

  it('draws the same symbol in PDF and EPS as in the PNG, module for module', () => {
    for (const row of rows) {
      const png = row.grids.png!;
      for (const format of ['svg', 'pdf', 'eps'] as const) {
        const grid = row.grids[format]!;
        const differing = grid.filter((dark, i) => dark !== png[i]).length;
        expect(differing, `${row.name} ${format}`).toBeLessThanOrEqual(
          Math.ceil(png.length * 0.005),
        );
      }
    }
  });
});
