// Our stored design (src/shared/schemas/qrCode.ts) as qr-code-styling options: one mapping for the
// preview, the thumbnails, the downloads and the scan test, so they all draw the same code.
import type { Options } from 'qr-code-styling';
import { API_BASE } from '../../shared/constants';
import type { Gradient, QrDesign } from '../../shared/schemas/qrCode';

type StylingGradient = NonNullable<NonNullable<Options['dotsOptions']>['gradient']>;

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

export function logoUrl(mediaId: string | null): string | undefined {
  return mediaId ? `${API_BASE}/file/${encodeURIComponent(mediaId)}` : undefined;
}

/**
 * The margin is stored for a 300 px code; it scales with the drawn size so a thumbnail and a
 * 2000 px download have the same proportions.
 */
export const DESIGN_REFERENCE_SIZE = 300;

export function toStylingOptions(
  design: QrDesign,
  data: string,
  size: number,
  type: 'svg' | 'canvas' = 'svg',
): Options {
  const scale = size / DESIGN_REFERENCE_SIZE;
  const image = logoUrl(design.logo.mediaId);
  return {
    type,
    width: size,
    height: size,
    data,
    margin: Math.round(design.margin * scale),
    qrOptions: { errorCorrectionLevel: design.errorCorrectionLevel },
    image,
    imageOptions: {
      imageSize: design.logo.size,
      margin: Math.round(design.logo.margin * scale),
      hideBackgroundDots: design.logo.hideBackgroundDots,
      crossOrigin: 'anonymous',
      saveAsBlob: true,
    },
    dotsOptions: { type: design.dots.type, ...paint(design.dots) },
    cornersSquareOptions: { type: design.cornersSquare.type, ...paint(design.cornersSquare) },
    cornersDotOptions: { type: design.cornersDot.type, ...paint(design.cornersDot) },
    backgroundOptions: paint(design.background),
  };
}
