// Warnings for designs that phones may fail to read: too little contrast between the dots and
// the background, light dots on a dark background, or a logo that covers more of the code than
// its error correction can restore.
import { maxLogoShare, QUIET_ZONE_WARNING_BELOW } from './qrStyling.js';
import type { QrDesign } from './schemas/qrCode.js';

export type ScannabilityWarning =
  'lowContrast' | 'invertedColors' | 'logoTooLarge' | 'smallQuietZone';

/** Minimum contrast ratio (WCAG formula) that common scanner apps read reliably. */
export const MIN_CONTRAST_RATIO = 3;

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
  // The renderer never draws a logo larger than the level allows; a stored larger size is shown.
  if (hasLogo && design.logo.size > maxLogoShare(design.errorCorrectionLevel)) {
    warnings.push('logoTooLarge');
  }
  if (design.quietZone < QUIET_ZONE_WARNING_BELOW) warnings.push('smallQuietZone');
  return warnings;
}

// The print check (SPEC §3 design, issue 12): what the server's scannability gate reports.

/** Why the gate refuses a file: each has a translated reason (app.qr_design.gate.*). */
export const SCAN_FAILURES = ['unreadable', 'mismatch', 'smallPrint', 'invertedColors'] as const;
export type ScanFailure = (typeof SCAN_FAILURES)[number];

export interface ScanCheck {
  /** The file decodes, without inversion, to exactly the scan URL, also as a small print. */
  ok: boolean;
  failures: ScanFailure[];
  /** What the exact file decoded to (null: nothing). */
  decoded: string | null;
  /** One module's width at the chosen print size, and the farthest a phone reads it from. */
  moduleMm: number;
  maxDistanceCm: number;
  /** Under MIN_MODULE_MM: too fine for most printers, whatever the distance. */
  moduleTooSmall: boolean;
}

/** Printers and phone cameras agree on about 0.25 mm as the smallest module worth printing. */
export const MIN_MODULE_MM = 0.25;
/** A phone reads a code from at most about 270 module widths away (≈ 10× the code's width). */
export const DISTANCE_PER_MODULE = 270;

export function printModuleCheck(sizeMm: number, totalModules: number) {
  const moduleMm = sizeMm / totalModules;
  return {
    moduleMm: Math.round(moduleMm * 100) / 100,
    maxDistanceCm: Math.round((moduleMm * DISTANCE_PER_MODULE) / 10),
    moduleTooSmall: moduleMm < MIN_MODULE_MM,
  };
}
