// What an uploaded SVG may contain before a renderer sees it. Renderers resolve references:
// pdfkit opens an <image> href as a file path, so an SVG naming /etc/… or another customer's
// media would come back embedded in the PDF. Only references inside the document (#id) and
// images embedded as PNG or JPEG data are allowed; anything else is refused, never dropped.

/** Why an SVG was refused, with the offending text (shortened) for the error message. */
export interface UnsafeSvgContent {
  reason: 'external_reference' | 'markup';
  found: string;
}

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/i;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** The bytes of an embedded PNG or JPEG image, or null for anything else. */
export function embeddedImageBytes(reference: string): Buffer | null {
  const match = DATA_IMAGE.exec(reference.trim());
  if (!match) return null;
  const bytes = Buffer.from(match[2].replace(/\s+/g, ''), 'base64');
  const magic = match[1].toLowerCase() === 'png' ? PNG_MAGIC : JPEG_MAGIC;
  return bytes.subarray(0, magic.length).equals(magic) ? bytes : null;
}

function isAllowedReference(reference: string): boolean {
  const value = reference.trim();
  return /^#[A-Za-z_][\w.:-]*$/.test(value) || embeddedImageBytes(value) !== null;
}

/** The first thing in `svg` a renderer could follow out of the document; null when none. */
export function findUnsafeSvgContent(svg: string): UnsafeSvgContent | null {
  // Document type declarations can define external entities (XXE); scripts and foreign
  // content are not part of a QR code's design.
  const markup =
    /<!DOCTYPE|<!ENTITY|<script\b|<foreignObject\b|<iframe\b|<embed\b|<object\b|@import/i.exec(svg);
  if (markup) return { reason: 'markup', found: markup[0] };
  // Every attribute that holds a reference, whatever its namespace prefix: href, xlink:href, src.
  for (const match of svg.matchAll(/\s([\w.-]+:)?(href|src)\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const value = match[4] ?? match[5] ?? '';
    if (!isAllowedReference(value)) return { reason: 'external_reference', found: shorten(value) };
  }
  // url(…) in presentation attributes and styles may only point inside the document.
  for (const match of svg.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^#[A-Za-z_][\w.:-]*$/.test(match[2].trim()))
      return { reason: 'external_reference', found: shorten(match[2]) };
  }
  return null;
}
