// The advertisement interstitial, server-rendered in the landing pages' themed frame
// (renderDocument): image and/or text (escaped, line breaks kept), an optional click-through
// button, a countdown and a visible Continue button. One fixed inline script, allowed by its
// hash, counts down and continues; a <meta http-equiv="refresh"> in <noscript> does so without script.
import { createHash } from 'node:crypto';
import { escapeHtml as e, renderDocument, type RenderedPage } from './html.js';
import type { PageContext } from './pages.js';
import { clickPath, clickTarget, continuePath, type ScanAdvertisement } from './advertisement.js';
import { mediaUrl } from './target.js';

/** Reads its inputs from the page, so its text (and hash) never changes. */
export const AD_SCRIPT =
  "(function(){var n=document.getElementById('ad-countdown'),c=document.getElementById('ad-continue');" +
  "if(!n||!c)return;var end=Date.now()+Number(n.getAttribute('data-ms'));" +
  'function tick(){var left=Math.max(0,end-Date.now());n.textContent=String(Math.ceil(left/1000));' +
  "if(left<=0){location.replace(c.getAttribute('href'));return;}setTimeout(tick,200);}tick();})();";
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(AD_SCRIPT).digest('base64')}'`;

function adStyles(displayTimeMs: number): string {
  return [
    `.ad{text-align:center}`,
    `.ad-label{font-size:.75rem;text-transform:uppercase;letter-spacing:.08em;color:#6b7280;margin:0 0 12px}`,
    `.ad-image{display:block;width:100%;height:auto;max-height:360px;object-fit:contain;border-radius:var(--radius);margin:0 auto 16px}`,
    `.ad-text{white-space:pre-line;margin:0 0 8px;font-size:1.05rem}`,
    `.ad-timer{color:#4b5563;margin:20px 0 0;font-size:.9rem}`,
    `.ad-progress{height:4px;background:#e5e7eb;border-radius:2px;overflow:hidden;margin:8px 0 0}`,
    `.ad-progress span{display:block;height:100%;width:0;background:var(--primary);animation:ad-fill ${displayTimeMs}ms linear forwards}`,
    `@keyframes ad-fill{to{width:100%}}`,
  ].join('\n');
}

/** Adds head parts and allows the extra style block and the script in the frame's CSP. */
function withExtras(page: RenderedPage, css: string, head: string): RenderedPage {
  const styleHash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  const html = page.html
    .replace('</head>', `${head}<style>${css}</style></head>`)
    .replace('</body>', `<script>${AD_SCRIPT}</script></body>`);
  const directives = page.csp.split(/;\s*/).filter(Boolean);
  const withStyle = directives.map((directive) =>
    directive.startsWith('style-src ') ? `${directive} ${styleHash}` : directive,
  );
  if (!withStyle.some((directive) => directive.startsWith('style-src '))) {
    withStyle.push(`style-src ${styleHash}`);
  }
  withStyle.push(`script-src ${SCRIPT_HASH}`);
  return { html, csp: withStyle.join('; ') };
}

export function advertisementPage(
  ctx: PageContext,
  ad: ScanAdvertisement,
  code: string,
): RenderedPage {
  const m = ctx.messages.advertisement;
  const seconds = Math.ceil(ad.displayTimeMs / 1000);
  const next = continuePath(code);
  const image = ad.imageMediaId
    ? `<img class="ad-image" src="${e(mediaUrl(ad.imageMediaId))}" alt="${e(ad.name)}">`
    : '';
  const text = ad.text ? `<p class="ad-text" id="ad-text">${e(ad.text)}</p>` : '';
  const link = clickTarget(ad)
    ? `<a class="button secondary" id="ad-click" href="${e(clickPath(code, ad.id))}" target="_blank" rel="noopener noreferrer nofollow">${e(m.visit)}</a>`
    : '';
  const [before, after = ''] = m.countdown.split('{seconds}');
  const countdown =
    `<p class="ad-timer">${e(before)}<strong id="ad-countdown" data-ms="${ad.displayTimeMs}">` +
    `${seconds}</strong>${e(after)}</p>` +
    `<div class="ad-progress" aria-hidden="true"><span></span></div>`;
  const page = renderDocument({
    ...ctx,
    title: m.title,
    body:
      `<div class="card ad" data-display-time-ms="${ad.displayTimeMs}">` +
      `<p class="ad-label">${e(m.label)}</p>${image}${text}${link}${countdown}` +
      `<a class="button" id="ad-continue" href="${e(next)}">${e(m.continue)}</a></div>`,
  });
  // Only without script: the timed refresh cannot be paused (WCAG 2.2.1, axe meta-refresh), while
  // the script's countdown comes with a visible Continue button.
  const refresh = `<noscript><meta http-equiv="refresh" content="${seconds};url=${e(next)}"></noscript>`;
  return withExtras(page, adStyles(ad.displayTimeMs), refresh);
}
