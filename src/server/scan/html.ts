// The landing pages' HTML frame: every text goes through escapeHtml, the only inline CSS is the
// <style> block below, and the CSP allows exactly that block (by its hash), same-origin images
// and audio (the file API), and nothing else — no script at all. Only when the theme has a font
// does it also allow that font's Google Fonts stylesheet and font files.
import { createHash } from 'node:crypto';
import type { Language } from '../../shared/enums.js';
import type { SocialIconType } from '../../shared/schemas/theme.js';
import {
  cssVariablesBlock,
  socialIconVariables,
  SOCIAL_ICON_PATHS,
  themeCssVariables,
  themeFontFace,
} from '../../shared/themeStyle.js';
import type { ThemeSettings } from './theme.js';
import { mediaUrl, safeHttpUrl } from './target.js';

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
  /** The page posts a form to its own origin (the smart-code gates). */
  postsForm?: boolean;
}

const SOCIAL_NAMES: Record<SocialIconType, string> = {
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  email: 'Email',
  snapchat: 'Snapchat',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
};

/** The page's CSS: the theme's custom properties (shared with the dashboard preview), then rules. */
function styles(theme: ThemeSettings): string {
  const { look } = theme;
  return [
    cssVariablesBlock(themeCssVariables(look, { mediaUrl })),
    ...look.socialIcons.map((icon, index) =>
      cssVariablesBlock(socialIconVariables(icon), `.si-${index}`),
    ),
    `*{box-sizing:border-box}`,
    `html,body{margin:0;min-height:100%}`,
    `body{background:var(--page-background);background-attachment:fixed;color:var(--page-text);font-family:var(--font-family);font-weight:var(--font-weight);font-style:var(--font-style);font-size:var(--font-size);line-height:1.5;padding:24px 16px;display:flex;justify-content:center}`,
    `main{width:100%;max-width:480px}`,
    `.card{background:#fff;color:#111827;border-radius:var(--card-radius);padding:var(--space);box-shadow:var(--card-shadow);border:var(--card-border);overflow-wrap:anywhere}`,
    `.logo{display:block;height:var(--logo-size);max-width:80%;object-fit:contain;margin:0 auto var(--space)}`,
    `.avatar,.cover{display:block;width:128px;height:128px;object-fit:cover;border-radius:50%;margin:0 auto var(--gap)}`,
    `.cover{border-radius:var(--radius);width:100%;height:auto;max-height:320px}`,
    `h1{font-size:var(--heading-size);line-height:1.25;margin:0 0 8px;text-align:center}`,
    `h3{font-size:1.15em;margin:1em 0 .5em}`,
    `.sub{color:var(--tertiary);text-align:center;margin:0 0 var(--gap)}`,
    `.rows{list-style:none;margin:0;padding:0}`,
    `.rows li{padding:var(--gap) 0;border-top:1px solid #e5e7eb}`,
    `.label{display:block;font-size:.8em;color:var(--tertiary)}`,
    `a{color:var(--accent)}`,
    `.button{display:block;text-align:center;background:var(--button-bg);color:var(--button-color);border:var(--button-border);text-decoration:none;font-weight:700;font-size:max(19px,1.1875em);padding:12px 16px;border-radius:var(--button-radius);margin-top:var(--gap)}`,
    `.button.secondary{background:var(--secondary);color:var(--on-secondary);border-color:var(--secondary)}`,
    `audio{width:100%;margin-top:16px}`,
    `.align-left{text-align:left}.align-center{text-align:center}.align-right{text-align:right}`,
    `.notice{text-align:center}`,
    `form{margin:0}input[type=password]{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:var(--button-radius);margin-top:4px}`,
    `button.button{width:100%;cursor:pointer;font-family:inherit}.error{color:#b91c1c}`,
    `.social{display:flex;flex-wrap:wrap;justify-content:center;gap:var(--gap);list-style:none;margin:var(--space) 0 0;padding:0}`,
    `.social a{display:flex;align-items:center;justify-content:center;width:var(--si-size);height:var(--si-size);border-radius:var(--si-radius);background:var(--si-bg);color:var(--si-color);border:var(--si-border)}`,
    `.social svg{width:60%;height:60%;fill:currentColor}`,
  ].join('\n');
}

/** The theme's social links; each link is checked again here (http(s), or mailto: for email). */
function socialIcons(theme: ThemeSettings): string {
  const items = theme.look.socialIcons.flatMap((icon, index) => {
    const href =
      icon.type === 'email'
        ? /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(icon.link)
          ? icon.link
          : null
        : safeHttpUrl(icon.link);
    if (!href) return [];
    const name = SOCIAL_NAMES[icon.type];
    return [
      `<li><a class="si-${index}" href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" aria-label="${escapeHtml(name)}" title="${escapeHtml(name)}">` +
        `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${escapeHtml(SOCIAL_ICON_PATHS[icon.type])}"/></svg></a></li>`,
    ];
  });
  return items.length ? `<ul class="social">${items.join('')}</ul>` : '';
}

/** A complete page with its Content-Security-Policy. */
export function renderDocument(parts: DocumentParts): RenderedPage {
  // The theme's font comes from our own /fonts/, declared in the page's own stylesheet.
  const fontFace = themeFontFace(parts.theme.look);
  const css = `${fontFace ?? ''}${styles(parts.theme)}`;
  const hash = createHash('sha256').update(css).digest('base64');
  const logoId = parts.theme.look.logo.mediaId;
  const logo = logoId ? `<img class="logo" src="${escapeHtml(mediaUrl(logoId))}" alt="">` : '';
  const html =
    `<!doctype html><html lang="${parts.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow">` +
    `<meta name="referrer" content="no-referrer">` +
    `<title>${escapeHtml(parts.title)}</title><style>${css}</style></head>` +
    `<body><main>${logo}${parts.body}${socialIcons(parts.theme)}</main></body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    ...(fontFace ? ["font-src 'self'"] : []),
    "img-src 'self'",
    "media-src 'self'",
    "base-uri 'none'",
    parts.postsForm ? "form-action 'self'" : "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
