// EPS from the QR module matrix. No library converts SVG to EPS well, so the dashboard embeds
// the encoded text and the design in the SVG it sends (src/shared/qrMetadata.ts) and the code is
// drawn again here, module by module, as PostScript vectors.
import QRCode from 'qrcode';
import type { QrDesign } from '../../shared/schemas/qrCode.js';

function rgb(hex: string): string {
  return [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
}

/** A gradient becomes its first stop: EPS level 2 fills are flat. */
const flat = (paint: { color: string; gradient: { colorStops: { color: string }[] } | null }) =>
  paint.gradient ? paint.gradient.colorStops[0].color : paint.color;

const MODULE_PT = 10;

export function qrToEps(text: string, design: QrDesign, title = 'QR code'): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: design.errorCorrectionLevel });
  const count = qr.modules.size;
  const quiet = Math.max(1, Math.round(design.margin / MODULE_PT)) + 3;
  const size = (count + quiet * 2) * MODULE_PT;
  const lines: string[] = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${size} ${size}`,
    `%%HiResBoundingBox: 0 0 ${size} ${size}`,
    `%%Title: (${title.replace(/[()\\]/g, '')})`,
    '%%Creator: QR Hub',
    '%%EndComments',
    '/m { newpath moveto 1 0 rlineto 0 1 rlineto -1 0 rlineto closepath fill } bind def',
    '/c { newpath 0.5 add exch 0.5 add exch 0.5 0 360 arc fill } bind def',
    `${rgb(flat(design.background))} setrgbcolor 0 0 ${size} ${size} rectfill`,
    'gsave',
    `${MODULE_PT} ${MODULE_PT} scale`,
  ];

  const isFinder = (row: number, col: number) => {
    const inBox = (r0: number, c0: number) =>
      row >= r0 && row < r0 + 7 && col >= c0 && col < c0 + 7;
    return inBox(0, 0) || inBox(0, count - 7) || inBox(count - 7, 0);
  };
  // PostScript's y axis points up: row 0 is drawn at the top.
  const y = (row: number) => count - 1 - row + quiet;
  const x = (col: number) => col + quiet;

  lines.push(`${rgb(flat(design.dots))} setrgbcolor`);
  const dotOperator = design.dots.type === 'dots' ? 'c' : 'm';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col) && !isFinder(row, col)) {
        lines.push(`${x(col)} ${y(row)} ${dotOperator}`);
      }
    }
  }

  // Finder patterns: a 7×7 frame and a 3×3 centre, square or round as designed.
  for (const [r0, c0] of [
    [0, 0],
    [0, count - 7],
    [count - 7, 0],
  ]) {
    const left = x(c0);
    const bottom = y(r0 + 6);
    lines.push(`${rgb(flat(design.cornersSquare))} setrgbcolor`);
    if (design.cornersSquare.type === 'square') {
      lines.push(`${left} ${bottom} 7 7 rectfill`);
      lines.push(
        `${rgb(flat(design.background))} setrgbcolor ${left + 1} ${bottom + 1} 5 5 rectfill`,
      );
    } else {
      lines.push(`newpath ${left + 3.5} ${bottom + 3.5} 3.5 0 360 arc fill`);
      lines.push(
        `${rgb(flat(design.background))} setrgbcolor newpath ${left + 3.5} ${bottom + 3.5} 2.5 0 360 arc fill`,
      );
    }
    lines.push(`${rgb(flat(design.cornersDot))} setrgbcolor`);
    if (design.cornersDot.type === 'square') lines.push(`${left + 2} ${bottom + 2} 3 3 rectfill`);
    else lines.push(`newpath ${left + 3.5} ${bottom + 3.5} 1.5 0 360 arc fill`);
  }

  lines.push('grestore', 'showpage', '%%EOF', '');
  return lines.join('\n');
}
