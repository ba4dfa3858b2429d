// The landing pages' HTML frame: every text goes through escapeHtml, the only inline CSS is the
// <style> block below, and the CSP allows exactly that block (by its hash), same-origin images
// and audio (the file API), and nothing else — no script at all.
import { createHash } from 'node:crypto';
import type { Language } from '../../shared/enums.js';
import type { ThemeSettings } from './theme.js';
import { mediaUrl } from './target.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}

export interface RenderedPage {
  html: string;
  csp: string;
}

export interface DocumentParts {
  lang: Language;
  title: string;
  theme: ThemeSettings;
  /** Already-escaped HTML. */
  body: string;
}

function styles(theme: ThemeSettings): string {
  const font = theme.fontFamily ? `"${theme.fontFamily}", ` : '';
  return [
    `:root{--primary:${theme.primary};--secondary:${theme.secondary};--on-primary:${theme.onPrimary};--text:${theme.textColor};--radius:${theme.radius}px}`,
    `*{box-sizing:border-box}`,
    `html,body{margin:0;min-height:100%}`,
    `body{background:${theme.background};background-attachment:fixed;color:var(--text);font-family:${font}system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;padding:24px 16px;display:flex;justify-content:center}`,
    `main{width:100%;max-width:480px}`,
    `.card{background:#fff;color:#111827;border-radius:var(--radius);padding:24px;box-shadow:0 4px 24px rgba(0,0,0,.08);overflow-wrap:anywhere}`,
    `.logo{display:block;max-height:64px;max-width:60%;margin:0 auto 16px}`,
    `.avatar,.cover{display:block;width:128px;height:128px;object-fit:cover;border-radius:50%;margin:0 auto 16px}`,
    `.cover{border-radius:var(--radius);width:100%;height:auto;max-height:320px}`,
    `h1{font-size:1.5rem;margin:0 0 8px;text-align:center}`,
    `h3{font-size:1.15rem;margin:1em 0 .5em}`,
    `.sub{color:#4b5563;text-align:center;margin:0 0 16px}`,
    `.rows{list-style:none;margin:0;padding:0}`,
    `.rows li{padding:10px 0;border-top:1px solid #e5e7eb}`,
    `.label{display:block;font-size:.8rem;color:#6b7280}`,
    `a{color:var(--primary)}`,
    `.button{display:block;text-align:center;background:var(--primary);color:var(--on-primary);text-decoration:none;font-weight:600;padding:12px 16px;border-radius:var(--radius);margin-top:12px}`,
    `.button.secondary{background:var(--secondary);color:#fff}`,
    `audio{width:100%;margin-top:16px}`,
    `.align-left{text-align:left}.align-center{text-align:center}.align-right{text-align:right}`,
    `.notice{text-align:center}`,
  ].join('\n');
}

/** A complete page with its Content-Security-Policy. */
export function renderDocument(parts: DocumentParts): RenderedPage {
  const css = styles(parts.theme);
  const hash = createHash('sha256').update(css).digest('base64');
  const logo = parts.theme.logoMediaId
    ? `<img class="logo" src="${escapeHtml(mediaUrl(parts.theme.logoMediaId))}" alt="">`
    : '';
  const html =
    `<!doctype html><html lang="${parts.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow">` +
    `<meta name="referrer" content="no-referrer">` +
    `<title>${escapeHtml(parts.title)}</title><style>${css}</style></head>` +
    `<body><main>${logo}${parts.body}</main></body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    "img-src 'self'",
    "media-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
