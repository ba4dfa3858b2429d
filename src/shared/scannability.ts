// Warnings for designs that phones may fail to read: too little contrast between the dots and
// the background, light dots on a dark background, or a logo that covers more of the code than
// its error correction can restore.
import { ERROR_CORRECTION_CAPACITY, type QrDesign } from './schemas/qrCode.js';

export type ScannabilityWarning = 'lowContrast' | 'invertedColors' | 'logoTooLarge';

/** Minimum contrast ratio (WCAG formula) that common scanner apps read reliably. */
export const MIN_CONTRAST_RATIO = 3;
/** Keep the logo within this share of what error correction can restore, to leave room for wear. */
const LOGO_SAFETY = 0.8;

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string): number {
  const a = luminance(foreground);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The colours actually painted: every gradient stop counts, the weakest decides. */
function paintColors(paint: {
  color: string;
  gradient: { colorStops: { color: string }[] } | null;
}) {
  return paint.gradient ? paint.gradient.colorStops.map((stop) => stop.color) : [paint.color];
}

export function scannabilityWarnings(design: QrDesign, hasLogo: boolean): ScannabilityWarning[] {
  const warnings: ScannabilityWarning[] = [];
  const backgrounds = paintColors(design.background);
  const foregrounds = [design.dots, design.cornersSquare, design.cornersDot].flatMap(paintColors);
  const worst = Math.min(
    ...foregrounds.flatMap((fg) => backgrounds.map((bg) => contrastRatio(fg, bg))),
  );
  if (worst < MIN_CONTRAST_RATIO) warnings.push('lowContrast');
  const darkestForeground = Math.min(...foregrounds.map(luminance));
  const lightestBackground = Math.max(...backgrounds.map(luminance));
  if (darkestForeground > lightestBackground) warnings.push('invertedColors');
  if (hasLogo) {
    const covered = design.logo.size ** 2;
    if (covered > ERROR_CORRECTION_CAPACITY[design.errorCorrectionLevel] * LOGO_SAFETY) {
      warnings.push('logoTooLarge');
    }
  }
  return warnings;
}
