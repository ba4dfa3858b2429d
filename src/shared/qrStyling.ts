// Our stored design (schemas/qrCode.ts) as qr-code-styling options: one mapping for the browser's
// preview and thumbnails and the server's print files (converter/render.ts), so every format and
// every screen draws the same symbol. Sizes are expressed in modules, which is what scanners and
// the QR standard measure: the quiet zone is a number of modules, the logo a share of the width.
import type { Options } from 'qr-code-styling';
import {
  ERROR_CORRECTION_CAPACITY,
  type ErrorCorrectionLevel,
  type Gradient,
  type QrDesign,
} from './schemas/qrCode.js';

type StylingGradient = NonNullable<NonNullable<Options['dotsOptions']>['gradient']>;

/** The QR standard asks for a quiet zone of 4 modules; under 2 many scanners fail. */
export const DEFAULT_QUIET_ZONE = 4;
export const QUIET_ZONE_WARNING_BELOW = 2;

/**
 * A logo may hide at most half of what the error correction can restore: the other half is for
 * wear, print and the scanner. Measured with zbarimg and ZXing on 40 mm prints: at L a logo 22 %
 * wide already fails, at M 33 %, at Q 40 %; the maxima this gives (18, 27, 35, 38 %) all read.
 */
export const LOGO_SAFETY = 0.5;
export const MIN_LOGO_SHARE = 0.1;

/**
 * The largest share of the code's width a logo may cover at this level: the covered square of
 * modules stays within LOGO_SAFETY of the level's capacity.
 */
export function maxLogoShare(level: ErrorCorrectionLevel): number {
  return Math.floor(Math.sqrt(ERROR_CORRECTION_CAPACITY[level] * LOGO_SAFETY) * 100) / 100;
}

/** The logo share actually drawn: the stored one, never above what the level allows. */
export function effectiveLogoShare(design: QrDesign): number {
  return Math.max(
    MIN_LOGO_SHARE,
    Math.min(design.logo.size, maxLogoShare(design.errorCorrectionLevel)),
  );
}

/**
 * qr-code-styling's imageSize is not a width: it hides `imageSize × capacity × modules²` modules
 * (a square of side √(imageSize × capacity) × width). Inverting that makes the logo cover the
 * share of the width the user chose.
 */
export function stylingImageSize(design: QrDesign): number {
  const share = effectiveLogoShare(design);
  return (share * share) / ERROR_CORRECTION_CAPACITY[design.errorCorrectionLevel];
}

/** qr-code-styling wants radians; we store degrees (SPEC §5: at most 360). */
export function toStylingGradient(gradient: Gradient): StylingGradient {
  return {
    type: gradient.type,
    rotation: (gradient.rotation * Math.PI) / 180,
    colorStops: [...gradient.colorStops].sort((a, b) => a.offset - b.offset),
  };
}

function paint(value: { color: string; gradient: Gradient | null }) {
  return value.gradient
    ? { color: value.color, gradient: toStylingGradient(value.gradient) }
    : { color: value.color };
}

/** The symbol's geometry: modules per side and how wide one module is drawn. */
export interface QrLayout {
  /** Modules per side of the symbol (quiet zone not included). */
  modules: number;
  /** Width and height of the whole drawing, quiet zone included. */
  size: number;
}

/** The drawing's width in modules: the symbol plus the quiet zone on both sides. */
export const totalModules = (design: QrDesign, modules: number) => modules + 2 * design.quietZone;

/**
 * The options for a drawing `layout.size` wide. Coordinates are not rounded to whole pixels
 * (roundSize off), so a 260 px preview and a 40 mm print are the same drawing at another scale.
 */
export function toStylingOptions(
  design: QrDesign,
  data: string,
  layout: QrLayout,
  image: string | undefined,
  type: 'svg' | 'canvas' = 'svg',
): Options {
  const modulePx = layout.size / totalModules(design, layout.modules);
  return {
    type,
    width: layout.size,
    height: layout.size,
    data,
    margin: design.quietZone * modulePx,
    qrOptions: { errorCorrectionLevel: design.errorCorrectionLevel },
    image,
    imageOptions: {
      imageSize: stylingImageSize(design),
      // Stored in px of a 300 px code, like the designer's slider shows it.
      margin: (design.logo.margin * layout.size) / 300,
      hideBackgroundDots: design.logo.hideBackgroundDots,
      crossOrigin: 'anonymous',
      saveAsBlob: true,
    },
    dotsOptions: { type: design.dots.type, roundSize: false, ...paint(design.dots) },
    cornersSquareOptions: { type: design.cornersSquare.type, ...paint(design.cornersSquare) },
    cornersDotOptions: { type: design.cornersDot.type, ...paint(design.cornersDot) },
    backgroundOptions: paint(design.background),
  };
}

/** The module count qr-code-styling chose for an instance (it keeps the symbol in `_qr`). */
export function moduleCountOf(instance: object): number {
  const qr = (instance as { _qr?: { getModuleCount(): number } })._qr;
  if (!qr) throw new Error('qr-code-styling made no symbol');
  return qr.getModuleCount();
}

/** Characters of a QR code's scan code (server/services/codes.ts CODE_LENGTH, same alphabet). */
export const SCAN_CODE_LENGTH = 10;

/**
 * A stand-in for a code's scan URL before it exists: the customer's real scan base and a code of
 * exactly the real length and alphabet, so the preview is the symbol version that downloads.
 */
export const previewScanUrl = (scanBase: string) =>
  `${scanBase.replace(/\/$/, '')}/${'Ab3dE5gH7k'.slice(0, SCAN_CODE_LENGTH)}`;
