// EPS from the SVG our renderer draws (render.ts): no maintained library writes EPS, so this
// writer covers exactly what qr-code-styling emits and nothing more. Painted rects clipped to a
// <clipPath> of rects, circles and paths (with rotate transforms and elliptic arcs), solid fills,
// linear and radial gradients (PostScript level 3 shadings, types 2 and 3) and the logo as an
// <image> of embedded PNG or JPEG data (a masked image, ImageType 3). Anything else in the SVG is
// an error, never silently dropped: a print file that differs from the design must not exist.
import type { JSDOM } from 'jsdom';
import { newJsdom } from '../jsdom.js';
import { embeddedImageBytes } from './svgSafety.js';

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function parseTransform(value: string | null): Matrix {
  let matrix = IDENTITY;
  if (!value) return matrix;
  for (const [, name, rawArgs] of value.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const a = rawArgs
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let step: Matrix;
    if (name === 'rotate') {
      const rad = ((a[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [a[1] ?? 0, a[2] ?? 0];
      const cos = Math.cos(rad);
      const sin = Math.sin(rad);
      step = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
    } else if (name === 'translate') step = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0];
    else if (name === 'scale') step = [a[0], 0, 0, a[1] ?? a[0], 0, 0];
    else if (name === 'matrix' && a.length === 6) step = a as Matrix;
    else throw new Error(`EPS: unsupported transform ${name}`);
    matrix = multiply(matrix, step);
  }
  return matrix;
}

const num = (value: number) => {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** Collects one shape as PostScript path operators, in the SVG's user space. */
class PathWriter {
  readonly ops: string[] = [];
  constructor(private readonly matrix: Matrix) {}

  private point(x: number, y: number): string {
    const m = this.matrix;
    return `${num(m[0] * x + m[2] * y + m[4])} ${num(m[1] * x + m[3] * y + m[5])}`;
  }
  moveTo(x: number, y: number) {
    this.ops.push(`${this.point(x, y)} moveto`);
  }
  lineTo(x: number, y: number) {
    this.ops.push(`${this.point(x, y)} lineto`);
  }
  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number) {
    this.ops.push(`${this.point(x1, y1)} ${this.point(x2, y2)} ${this.point(x, y)} curveto`);
  }
  close() {
    this.ops.push('closepath');
  }
}

/** An SVG elliptic arc as cubic Béziers (SVG 1.1 appendix F.6). */
function arcToCurves(
  out: PathWriter,
  [x1, y1]: [number, number],
  rxIn: number,
  ryIn: number,
  angle: number,
  largeArc: boolean,
  sweep: boolean,
  [x2, y2]: [number, number],
) {
  if (rxIn === 0 || ryIn === 0) {
    out.lineTo(x2, y2);
    return;
  }
  const phi = (angle * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const sign = largeArc === sweep ? -1 : 1;
  const numerator = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const factor = sign * Math.sqrt(Math.max(0, numerator / (rx * rx * yp * yp + ry * ry * xp * xp)));
  const cxp = (factor * rx * yp) / ry;
  const cyp = (-factor * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const vectorAngle = (ux: number, uy: number, vx: number, vy: number) =>
    Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta1 = vectorAngle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let delta = vectorAngle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const segments = Math.ceil(Math.abs(delta) / (Math.PI / 2));
  const step = delta / segments;
  const k = (4 / 3) * Math.tan(step / 4);
  const at = (t: number): [number, number] => [
    cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin,
    cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos,
  ];
  const tangent = (t: number): [number, number] => [
    -rx * Math.sin(t) * cos - ry * Math.cos(t) * sin,
    -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos,
  ];
  for (let i = 0; i < segments; i += 1) {
    const t1 = theta1 + i * step;
    const t2 = t1 + step;
    const [p1x, p1y] = at(t1);
    const [p2x, p2y] = i === segments - 1 ? [x2, y2] : at(t2);
    const [d1x, d1y] = tangent(t1);
    const [d2x, d2y] = tangent(t2);
    out.curveTo(p1x + k * d1x, p1y + k * d1y, p2x - k * d2x, p2y - k * d2y, p2x, p2y);
  }
}

/** The path data qr-code-styling writes: M L H V A C Q Z, absolute and relative. */
function writePathData(out: PathWriter, d: string) {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let i = 0;
  let command = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  const next = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const relative = command === command.toLowerCase();
    const [ox, oy] = relative ? [x, y] : [0, 0];
    switch (command.toUpperCase()) {
      case 'M':
        x = ox + next();
        y = oy + next();
        [startX, startY] = [x, y];
        out.moveTo(x, y);
        command = relative ? 'l' : 'L';
        break;
      case 'L':
        x = ox + next();
        y = oy + next();
        out.lineTo(x, y);
        break;
      case 'H':
        x = (relative ? x : 0) + next();
        out.lineTo(x, y);
        break;
      case 'V':
        y = (relative ? y : 0) + next();
        out.lineTo(x, y);
        break;
      case 'C': {
        const [x1, y1, x2, y2] = [ox + next(), oy + next(), ox + next(), oy + next()];
        x = ox + next();
        y = oy + next();
        out.curveTo(x1, y1, x2, y2, x, y);
        break;
      }
      case 'Q': {
        const [qx, qy] = [ox + next(), oy + next()];
        const [ex, ey] = [ox + next(), oy + next()];
        out.curveTo(
          x + (2 / 3) * (qx - x),
          y + (2 / 3) * (qy - y),
          ex + (2 / 3) * (qx - ex),
          ey + (2 / 3) * (qy - ey),
          ex,
          ey,
        );
        [x, y] = [ex, ey];
        break;
      }
      case 'A': {
        const [rx, ry, angle, large, sweep] = [next(), next(), next(), next(), next()];
        const end: [number, number] = [ox + next(), oy + next()];
        arcToCurves(out, [x, y], rx, ry, angle, large !== 0, sweep !== 0, end);
        [x, y] = end;
        break;
      }
      case 'Z':
        out.close();
        [x, y] = [startX, startY];
        break;
      default:
        throw new Error(`EPS: unsupported path command ${command}`);
    }
  }
}

const attr = (element: Element, name: string) => Number(element.getAttribute(name) ?? 0);

function rectPath(out: PathWriter, x: number, y: number, w: number, h: number) {
  out.moveTo(x, y);
  out.lineTo(x + w, y);
  out.lineTo(x + w, y + h);
  out.lineTo(x, y + h);
  out.close();
}

/** One clip path child (rect, circle or path) as PostScript, and whether it fills even-odd. */
function shapePath(shape: Element, outer: Matrix): { ops: string[]; evenOdd: boolean } {
  const out = new PathWriter(multiply(outer, parseTransform(shape.getAttribute('transform'))));
  const tag = shape.tagName.toLowerCase();
  if (tag === 'rect') {
    rectPath(out, attr(shape, 'x'), attr(shape, 'y'), attr(shape, 'width'), attr(shape, 'height'));
  } else if (tag === 'circle') {
    const [cx, cy, r] = [attr(shape, 'cx'), attr(shape, 'cy'), attr(shape, 'r')];
    out.moveTo(cx + r, cy);
    arcToCurves(out, [cx + r, cy], r, r, 0, false, true, [cx - r, cy]);
    arcToCurves(out, [cx - r, cy], r, r, 0, false, true, [cx + r, cy]);
    out.close();
  } else if (tag === 'path') {
    writePathData(out, shape.getAttribute('d') ?? '');
  } else {
    throw new Error(`EPS: unsupported shape <${tag}>`);
  }
  return { ops: out.ops, evenOdd: shape.getAttribute('clip-rule') === 'evenodd' };
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = hex.trim().replace(/^#/, '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`EPS: unsupported colour ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

const colorArray = (hex: string) => `[${hexToRgb(hex).map(num).join(' ')}]`;

/** A gradient's stops as a PostScript function: one interpolation, or several stitched. */
function gradientFunction(gradient: Element): string {
  const stops = [...gradient.querySelectorAll('stop')].map((stop) => ({
    offset: Math.min(1, Math.max(0, parseFloat(stop.getAttribute('offset') ?? '0') / 100)),
    color: stop.getAttribute('stop-color') ?? '#000000',
  }));
  if (stops.length === 0) throw new Error('EPS: a gradient without stops');
  if (stops[0].offset > 0) stops.unshift({ offset: 0, color: stops[0].color });
  if (stops[stops.length - 1].offset < 1) stops.push({ offset: 1, color: stops.at(-1)!.color });
  const segment = (a: { color: string }, b: { color: string }) =>
    `<< /FunctionType 2 /Domain [0 1] /C0 ${colorArray(a.color)} /C1 ${colorArray(b.color)} /N 1 >>`;
  if (stops.length === 2) return segment(stops[0], stops[1]);
  const pieces = stops.slice(1).map((stop, index) => segment(stops[index], stop));
  const bounds = stops.slice(1, -1).map((stop) => num(stop.offset));
  const encode = pieces.map(() => '0 1').join(' ');
  return `<< /FunctionType 3 /Domain [0 1] /Functions [${pieces.join(' ')}] /Bounds [${bounds.join(' ')}] /Encode [${encode}] >>`;
}

function shading(gradient: Element): string {
  const fn = gradientFunction(gradient);
  if (gradient.tagName.toLowerCase() === 'lineargradient') {
    const coords = ['x1', 'y1', 'x2', 'y2'].map((name) => num(attr(gradient, name))).join(' ');
    return `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [${coords}] /Function ${fn} /Extend [true true] >>`;
  }
  const cx = attr(gradient, 'cx');
  const cy = attr(gradient, 'cy');
  const fx = gradient.hasAttribute('fx') ? attr(gradient, 'fx') : cx;
  const fy = gradient.hasAttribute('fy') ? attr(gradient, 'fy') : cy;
  const coords = [fx, fy, 0, cx, cy, attr(gradient, 'r')].map(num).join(' ');
  return `<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [${coords}] /Function ${fn} /Extend [true true] >>`;
}

const referencedId = (value: string | null) =>
  /^url\(\s*['"]?#([^'")]+)['"]?\s*\)$/.exec(value ?? '')?.[1];

/** The logo: RGB samples under a 1-bit-deep mask from its alpha, interleaved (ImageType 3). */
async function imageOps(image: Element): Promise<string[]> {
  const href = image.getAttribute('href') ?? image.getAttribute('xlink:href') ?? '';
  const bytes = embeddedImageBytes(href);
  if (!bytes) throw new Error('EPS: only embedded PNG or JPEG images are supported');
  // sharp loads with the first EPS that embeds an image (a logo), not at start.
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const samples = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p += 1) {
    // Mask sample first; 0 paints, 255 masks out (PLRM ImageType 3, InterleaveType 1).
    samples[p * 4] = data[p * 4 + 3] >= 128 ? 0 : 255;
    samples[p * 4 + 1] = data[p * 4];
    samples[p * 4 + 2] = data[p * 4 + 1];
    samples[p * 4 + 3] = data[p * 4 + 2];
  }
  const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((name) =>
    parseFloat(image.getAttribute(name) ?? '0'),
  );
  const hex = samples.toString('hex').replace(/(.{128})/g, '$1\n');
  const matrix = `[${width} 0 0 ${height} 0 0]`;
  return [
    'gsave',
    `${num(x)} ${num(y)} translate ${num(w)} ${num(h)} scale`,
    '/DeviceRGB setcolorspace',
    '<< /ImageType 3 /InterleaveType 1',
    `  /DataDict << /ImageType 1 /Width ${width} /Height ${height} /BitsPerComponent 8 /Decode [0 1 0 1 0 1] /ImageMatrix ${matrix} /DataSource currentfile /ASCIIHexDecode filter >>`,
    `  /MaskDict << /ImageType 1 /Width ${width} /Height ${height} /BitsPerComponent 8 /Decode [0 1] /ImageMatrix ${matrix} >>`,
    '>> image',
    `${hex}>`,
    'grestore',
  ];
}

export interface EpsOptions {
  /** Width and height of the code in points (1/72 inch). */
  sizePt: number;
  title: string;
  /** A DOM to parse with (render.ts drawingDom), reused across a batch. */
  dom?: JSDOM;
}

/** The SVG from render.ts as an EPS `sizePt` points square. */
export async function svgToEps(svg: string, { sizePt, title, dom }: EpsOptions): Promise<string> {
  const window = (dom ?? newJsdom('')).window;
  const document = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = document.documentElement;
  if (root.tagName.toLowerCase() !== 'svg') throw new Error('EPS: not an SVG document');
  const viewBox = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const userSize = viewBox.length === 4 && viewBox[2] > 0 ? viewBox[2] : attr(root, 'width');
  const scale = sizePt / userSize;
  // One pass over the definitions: a selector per id would be compiled anew each time.
  const definitions = new Map<string, Element>();
  for (const defs of root.getElementsByTagName('defs')) {
    for (const definition of defs.children) definitions.set(definition.id, definition);
  }
  const byId = (id: string) => definitions.get(id) ?? null;

  const body: string[] = [];
  const shadings: string[] = [];
  const shadingNames = new Map<string, string>();
  for (const element of [...root.children]) {
    const tag = element.tagName.toLowerCase();
    if (tag === 'defs' || tag === 'metadata' || tag === 'title' || tag === 'desc') continue;
    if (tag === 'image') {
      body.push(...(await imageOps(element)));
      continue;
    }
    if (tag !== 'rect') throw new Error(`EPS: unsupported element <${tag}>`);
    const bounds = new PathWriter(parseTransform(element.getAttribute('transform')));
    rectPath(
      bounds,
      attr(element, 'x'),
      attr(element, 'y'),
      attr(element, 'width'),
      attr(element, 'height'),
    );
    const fill = element.getAttribute('fill') ?? '#000000';
    const gradientId = referencedId(fill);
    let paint: string;
    if (gradientId) {
      let name = shadingNames.get(gradientId);
      if (!name) {
        const gradient = byId(gradientId);
        if (!gradient) throw new Error(`EPS: missing gradient #${gradientId}`);
        name = `/qrsh${shadingNames.size}`;
        shadingNames.set(gradientId, name);
        shadings.push(`${name} ${shading(gradient)} def`);
      }
      paint = `${name} load shfill`;
    } else {
      paint = `${hexToRgb(fill).map(num).join(' ')} setrgbcolor clippath fill`;
    }
    const clipId = referencedId(element.getAttribute('clip-path'));
    const shapes = clipId
      ? [...(byId(clipId)?.children ?? [])].map((shape) => shapePath(shape, IDENTITY))
      : [{ ops: [] as string[], evenOdd: false }];
    // A clip path is the union of its shapes: each is painted on its own, inside the rect.
    for (const shape of shapes) {
      body.push('gsave', ...bounds.ops, 'clip newpath');
      if (shape.ops.length)
        body.push(...shape.ops, shape.evenOdd ? 'eoclip newpath' : 'clip newpath');
      body.push(paint, 'grestore');
    }
  }

  const size = num(sizePt);
  const box = Math.ceil(sizePt);
  return [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${box} ${box}`,
    `%%HiResBoundingBox: 0 0 ${size} ${size}`,
    `%%Title: (${title.replace(/[^\x20-\x7e]|[()\\]/g, '_')})`,
    '%%Creator: QR Hub',
    '%%LanguageLevel: 3',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    ...shadings,
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    // SVG user space: origin top left, y down.
    `0 ${size} translate ${num(scale)} ${num(-scale)} scale`,
    ...body,
    'grestore',
    'showpage',
    '%%EOF',
    '',
  ].join('\n');
}
