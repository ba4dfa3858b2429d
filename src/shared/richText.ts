// The rich-text allow-list of SPEC §5 "Text area" (headings at level 3 only; alignment left, center
// or right), applied through DOMPurify so the dashboard (browser DOMPurify) and the server
// (jsdom-backed DOMPurify) sanitise identically.
import type { Config, DOMPurify } from 'dompurify';

/** What the editor (TipTap via ra-input-rich-text) produces and the landing page may show. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
] as const;

export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];
const ALIGNABLE = new Set(['P', 'H3']);
const ALIGN_PATTERN = /^\s*text-align\s*:\s*(left|center|right)\s*;?\s*$/i;
/** Only web, mail and phone links; DOMPurify tests this against the whole attribute value. */
const SAFE_URI = /^(?:https?:|mailto:|tel:)/i;

export interface SanitizeOptions {
  /**
   * 'style' keeps `style="text-align: center"` (what the editor reads back); 'class' turns it into
   * `class="align-center"`, for pages whose CSP forbids inline styles.
   */
  alignment?: 'style' | 'class';
}

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: ['href', 'style', 'class'],
  ALLOWED_URI_REGEXP: SAFE_URI,
  // Other heading levels keep their text as plain content (DOMPurify's default KEEP_CONTENT).
  KEEP_CONTENT: true,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

export function sanitizeRichText(
  html: string,
  purify: DOMPurify,
  options: SanitizeOptions = {},
): string {
  const asClass = options.alignment === 'class';
  // The hook is added and removed around this one call so other users of the same DOMPurify
  // instance (the dashboard's) are not affected; sanitize is synchronous, so nothing interleaves.
  const hook = (node: Element) => {
    const style = node.getAttribute('style');
    const klass = node.getAttribute('class');
    node.removeAttribute('style');
    node.removeAttribute('class');
    const align = readAlignment(style, klass);
    if (align && ALIGNABLE.has(node.tagName.toUpperCase())) {
      if (asClass) node.setAttribute('class', `align-${align}`);
      else node.setAttribute('style', `text-align: ${align}`);
    }
    if (node.tagName.toUpperCase() === 'A') {
      // Links leave the page; never hand the opener or referrer to the target.
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      node.setAttribute('target', '_blank');
    }
  };
  purify.addHook('afterSanitizeAttributes', hook);
  try {
    return purify.sanitize(String(html ?? ''), CONFIG);
  } finally {
    purify.removeHook('afterSanitizeAttributes', hook);
  }
}

function readAlignment(style: string | null, klass: string | null): TextAlignment | null {
  const fromStyle = style ? ALIGN_PATTERN.exec(style)?.[1] : undefined;
  if (fromStyle) return fromStyle.toLowerCase() as TextAlignment;
  const fromClass = klass
    ? /(?:^|\s)align-(left|center|right)(?:\s|$)/.exec(klass)?.[1]
    : undefined;
  return (fromClass as TextAlignment | undefined) ?? null;
}
