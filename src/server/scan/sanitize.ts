// The server's DOMPurify, backed by one jsdom window created on first use (jsdom is heavy; the
// rendered page is cached with the code, so this runs once per text per cache fill).
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { newJsdom } from '../jsdom.js';
import { sanitizeRichText } from '../../shared/richText.js';

let purify: DOMPurify | null = null;

export function serverPurify(): DOMPurify {
  if (!purify) purify = createDOMPurify(newJsdom('').window);
  return purify;
}

/** The stored rich text, sanitised again (defence in depth) with classes instead of inline styles. */
export function sanitizeForPage(html: string): string {
  return sanitizeRichText(html, serverPurify(), { alignment: 'class' });
}
