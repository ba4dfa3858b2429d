// One renderer for every print format: qr-code-styling, the library and options of the
// dashboard's preview (shared/qrStyling.ts), draws the SVG here with jsdom; PNG, PDF and EPS are
// made from that SVG, so shapes, gradients, logo, quiet zone, version and mask are the same in
// every file (docs/adr/2026-11-25-one-qr-renderer.md).
import type { JSDOM } from 'jsdom';
import QRCodeStyling from 'qr-code-styling';
import { newJsdom } from '../jsdom.js';
import { Resvg } from '@resvg/resvg-js';
import { moduleCountOf, toStylingOptions, totalModules } from '../../shared/qrStyling.js';
import type { QrDesign } from '../../shared/schemas/qrCode.js';

/** An embedded logo: PNG or JPEG bytes and their pixel size. */
export interface LogoImage {
  dataUrl: string;
  width: number;
  height: number;
}

export interface QrSource {
  /** What the code encodes: its scan URL. */
  text: string;
  design: QrDesign;
  logo: LogoImage | null;
}

export interface RenderedSvg {
  svg: string;
  /** Modules per side of the symbol, and of the drawing with its quiet zone. */
  modules: number;
  totalModules: number;
  /** The drawing's width in SVG user units (MODULE_UNITS per module). */
  size: number;
}

/** SVG user units per module: whole numbers keep every module edge on the grid. */
const MODULE_UNITS = 10;

/**
 * qr-code-styling loads a logo through node-canvas in Node; it only needs the image's size, and
 * with saveAsBlob it asks a canvas for the data URL it then embeds. This answers both from the
 * bytes we already have, so no canvas package and no network are involved.
 */
function logoLoader(logo: LogoImage) {
  return {
    loadImage: () => Promise.resolve({ width: logo.width, height: logo.height }),
    createCanvas: () => ({
      getContext: () => ({ drawImage: () => undefined }),
      toDataURL: () => logo.dataUrl,
    }),
  };
}

/**
 * What drawing many codes shares (a print pack): qr-code-styling makes a new JSDOM window per code
 * (tens of milliseconds), and it only creates detached elements, so one window serves them all;
 * and the module count depends only on the level, the encoding mode and the text's length.
 */
export interface Drawing {
  dom: JSDOM;
  moduleCounts: Map<string, number>;
}

export function drawing(): Drawing {
  return { dom: newJsdom('', { resources: 'usable' }), moduleCounts: new Map() };
}

/** qr-code-styling's (qrcode-generator's) choice of mode, which with the length fixes the version. */
function encodingMode(text: string): string {
  if (/^[0-9]*$/.test(text)) return 'numeric';
  if (/^[0-9A-Z $%*+\-./:]*$/.test(text)) return 'alphanumeric';
  return 'byte';
}

function moduleCount(source: QrSource, context: Drawing): number {
  const key = `${source.design.errorCorrectionLevel}:${encodingMode(source.text)}:${source.text.length}`;
  let count = context.moduleCounts.get(key);
  if (count === undefined) {
    count = moduleCountOf(styling({ ...source, logo: null }, 21, 100, context.dom));
    context.moduleCounts.set(key, count);
  }
  return count;
}

const reusing = (dom: JSDOM) =>
  class {
    constructor() {
      return dom;
    }
  } as unknown as typeof JSDOM;

function styling(source: QrSource, modules: number, size: number, dom: JSDOM) {
  const options = toStylingOptions(source.design, source.text, { modules, size }, undefined);
  return new QRCodeStyling({
    ...options,
    jsdom: reusing(dom),
    image: source.logo ? source.logo.dataUrl : undefined,
    ...(source.logo ? { nodeCanvas: logoLoader(source.logo) as never } : {}),
  });
}

/** The design as SVG, `physicalWidth` (e.g. "40mm") written on the root when given. */
export async function renderQrSvg(
  source: QrSource,
  physicalWidth?: string,
  context: Drawing = drawing(),
): Promise<RenderedSvg> {
  // A first instance tells the module count (version) the text needs at this level; the drawing
  // is then sized so one module is exactly MODULE_UNITS wide.
  const modules = moduleCount(source, context);
  const total = totalModules(source.design, modules);
  const size = total * MODULE_UNITS;
  const raw = await styling(source, modules, size, context.dom).getRawData('svg');
  if (!raw) throw new Error('qr-code-styling drew no SVG');
  let svg = raw
    .toString()
    .replace(/^<\?xml[^>]*>\s*/, '')
    // qr-code-styling quotes its references (url('#id')), which resvg does not follow.
    .replace(/url\('(#[^']+)'\)/g, 'url($1)');
  if (physicalWidth) {
    svg = svg.replace(
      /^<svg\b([^>]*?)\swidth="[^"]*"\s+height="[^"]*"/,
      `<svg$1 width="${physicalWidth}" height="${physicalWidth}"`,
    );
  }
  return { svg, modules, totalModules: total, size };
}

/** The SVG as a PNG `pixels` wide (resvg: the same drawing, rasterised). */
export function svgToPng(svg: string, pixels: number, dpi?: number): Buffer {
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.max(1, Math.round(pixels)) },
    ...(dpi ? { dpi } : {}),
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  return dpi ? withDpi(png, dpi) : png;
}

/** Writes a pHYs chunk so image editors and print tools take the PNG at its print size. */
function withDpi(png: Buffer, dpi: number): Buffer {
  const perMetre = Math.round(dpi / 0.0254);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(perMetre, 0);
  data.writeUInt32BE(perMetre, 4);
  data.writeUInt8(1, 8);
  const type = Buffer.from('pHYs');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  // Right after IHDR (8 byte signature + 25 byte IHDR chunk).
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
