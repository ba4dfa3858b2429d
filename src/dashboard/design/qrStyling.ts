// The browser side of the shared design mapping (src/shared/qrStyling.ts): the logo comes from
// the file API, and the module count from a first qr-code-styling instance, exactly as the
// server's renderer does it, so the preview is the same drawing as the print files.
import QRCodeStyling, { type Options } from 'qr-code-styling';
import { API_BASE } from '../../shared/constants';
import { moduleCountOf, toStylingOptions as sharedOptions } from '../../shared/qrStyling';
import type { QrDesign } from '../../shared/schemas/qrCode';

export { toStylingGradient } from '../../shared/qrStyling';

export function logoUrl(mediaId: string | null): string | undefined {
  return mediaId ? `${API_BASE}/file/${encodeURIComponent(mediaId)}` : undefined;
}

/** Modules per side of the symbol qr-code-styling draws for this text and level. */
export function moduleCount(design: QrDesign, data: string): number {
  return moduleCountOf(
    new QRCodeStyling({
      type: 'svg',
      width: 100,
      height: 100,
      data,
      qrOptions: { errorCorrectionLevel: design.errorCorrectionLevel },
    }),
  );
}

export function toStylingOptions(
  design: QrDesign,
  data: string,
  size: number,
  type: 'svg' | 'canvas' = 'svg',
): Options {
  const layout = { modules: moduleCount(design, data), size };
  return sharedOptions(design, data, layout, logoUrl(design.logo.mediaId), type);
}
