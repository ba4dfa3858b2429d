// The text a QR code encodes and its design, embedded in the code's SVG as
// `<metadata id="qrhub">{json}</metadata>` (docs/adr/2026-11-20-print-formats.md): the dashboard
// writes it into every SVG it saves or sends to the converter, the server reads it to draw EPS.
import { z } from 'zod';
import { qrDesignSchema } from './schemas/qrCode.js';

export const QR_METADATA_ID = 'qrhub';
/** Longer than any scan URL we produce; keeps a hostile SVG from making us parse megabytes. */
export const QR_METADATA_TEXT_MAX = 4000;

export const embeddedQrSchema = z.object({
  text: z.string().min(1).max(QR_METADATA_TEXT_MAX),
  design: qrDesignSchema,
});
export type EmbeddedQr = z.infer<typeof embeddedQrSchema>;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** JSON escaped for XML character data: `&`, `<` and `>` (quotes are fine in element text). */
function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Adds the metadata element right after the opening `<svg …>` tag, replacing one that is already
 * there (so embedding twice leaves a single element).
 */
export function embedQrMetadata(svg: string, embedded: EmbeddedQr): string {
  const element = `<metadata id="${QR_METADATA_ID}">${escapeXmlText(JSON.stringify(embedded))}</metadata>`;
  const withoutOld = svg.replace(/<metadata\b[^>]*id="qrhub"[^>]*>[\s\S]*?<\/metadata>/gi, '');
  return withoutOld.replace(/(<svg\b[^>]*>)/i, (openingTag) => `${openingTag}${element}`);
}

/** Reads what embedQrMetadata wrote; null when absent, not JSON, or not a valid text + design. */
export function readQrMetadata(svg: string): EmbeddedQr | null {
  const match = /<metadata\b[^>]*id="qrhub"[^>]*>([\s\S]*?)<\/metadata>/i.exec(svg);
  if (!match) return null;
  const json = match[1].replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => XML_ENTITIES[name],
  );
  try {
    const parsed = embeddedQrSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A download's file name from the QR code's name: no path or reserved characters, never empty. */
export function fileBaseName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return cleaned || 'qr-code';
}
