// A theme's look as CSS custom properties: one pure function that the scan service's landing
// pages and the dashboard's preview both use, so they always agree. Every value comes from the
// parsed theme schema (hex colours, bounded numbers, enums, ULIDs), so nothing here can break out
// of a CSS declaration.
import { DEFAULT_PRIMARY_COLOR } from './constants.js';
import { fontFaceCss, fontFamilyCss, parseVariant } from './fonts.js';
import type { SocialIcon, SocialIconType, ThemeSettings } from './schemas/theme.js';

/** Corner radius in px per `corner` (images, avatars, small elements). */
export const CORNER_RADIUS_PX: Record<ThemeSettings['corner'], number> = {
  none: 0,
  small: 4,
  medium: 8,
  large: 16,
  round: 24,
};

/** Card padding and the gap between rows per `density`. */
export const DENSITY_SPACING_PX: Record<ThemeSettings['density'], { space: number; gap: number }> =
  {
    dense: { space: 14, gap: 8 },
    default: { space: 24, gap: 12 },
    large: { space: 32, gap: 18 },
  };

/** Base font size and heading size per `size`. */
export const SIZE_FONT_PX: Record<ThemeSettings['size'], { base: number; heading: number }> = {
  small: { base: 14, heading: 20 },
  medium: { base: 16, heading: 24 },
  large: { base: 18, heading: 28 },
};

export const SYSTEM_FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export type CssVariables = Record<`--${string}`, string>;

export interface ThemeCssOptions {
  /** Where an uploaded image is served; the file API by default. */
  mediaUrl?: (mediaId: string) => string;
}

const defaultMediaUrl = (mediaId: string) => `/api/file/${encodeURIComponent(mediaId)}`;

/** Relative luminance below the midpoint: light text reads better on it. */
export function isDarkColor(hex: string): boolean {
  return luminance(hex) < 0.4;
}

/** Relative luminance (WCAG 2) of a #rrggbb colour; the default primary for anything else. */
function luminance(hex: string): number {
  const h = /^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : DEFAULT_PRIMARY_COLOR.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Text on a coloured button: white while it keeps 3:1, the contrast WCAG asks of large bold text
 * (the landing pages' buttons are set that large, so the brand pink keeps its white label), else
 * near-black.
 */
const contrastText = (hex: string) => (1.05 / (luminance(hex) + 0.05) >= 3 ? '#ffffff' : '#111827');
const px = (value: number) => `${Math.round(value)}px`;

function overlayLayer(overlay: number): string {
  const alpha = Math.min(1, Math.max(0, overlay)).toFixed(2);
  return `linear-gradient(rgba(0,0,0,${alpha}),rgba(0,0,0,${alpha}))`;
}

/** The page background as one CSS `background` value, and whether text on it should be light. */
function pageBackground(
  settings: ThemeSettings,
  mediaUrl: (mediaId: string) => string,
): { value: string; dark: boolean } {
  const { type, color, gradient, overlay, imageMediaId } = settings.background;
  const overlaid = overlay > 0 ? `${overlayLayer(overlay)},` : '';
  if (type === 'gradient') {
    const angle = Math.min(360, Math.max(0, Math.round(gradient.angle)));
    return {
      value: `${overlaid}linear-gradient(${angle}deg,${gradient.from},${gradient.to})`,
      dark: overlay >= 0.5 || isDarkColor(gradient.from),
    };
  }
  if (type === 'image' && imageMediaId) {
    const url = mediaUrl(imageMediaId).replace(/["\\\n]/g, '');
    return {
      value: `${overlaid}url("${url}") center/cover no-repeat ${color}`,
      dark: overlay >= 0.35 || isDarkColor(color),
    };
  }
  return { value: color, dark: isDarkColor(color) };
}

function buttonLook(settings: ThemeSettings): { bg: string; color: string; border: string } {
  const { primary } = settings.colors;
  switch (settings.button.style) {
    case 'outlined':
      return { bg: 'transparent', color: primary, border: `2px solid ${primary}` };
    case 'text':
      return { bg: 'transparent', color: primary, border: '2px solid transparent' };
    default:
      return { bg: primary, color: contrastText(primary), border: `2px solid ${primary}` };
  }
}

function cardLook(settings: ThemeSettings): { shadow: string; border: string } {
  switch (settings.card.style) {
    case 'outlined':
      return { shadow: 'none', border: '1px solid #e5e7eb' };
    case 'flat':
      return { shadow: 'none', border: '1px solid transparent' };
    default:
      return { shadow: '0 4px 24px rgba(0,0,0,.08)', border: '1px solid transparent' };
  }
}

/**
 * The custom properties the landing pages' stylesheet uses: colours, radii (corner, button,
 * card), spacing (density), font sizes (size), the font, the logo size and the page background.
 */
export function themeCssVariables(
  settings: ThemeSettings,
  options: ThemeCssOptions = {},
): CssVariables {
  const { primary, secondary, tertiary, accent } = settings.colors;
  const background = pageBackground(settings, options.mediaUrl ?? defaultMediaUrl);
  const button = buttonLook(settings);
  const card = cardLook(settings);
  const spacing = DENSITY_SPACING_PX[settings.density];
  const font = SIZE_FONT_PX[settings.size];
  const variant = settings.font ? parseVariant(settings.font.variant) : null;
  return {
    '--primary': primary,
    '--secondary': secondary,
    '--tertiary': tertiary,
    '--accent': accent,
    '--on-primary': contrastText(primary),
    '--on-secondary': contrastText(secondary),
    '--page-background': background.value,
    '--page-text': background.dark ? '#f9fafb' : '#111827',
    '--radius': px(CORNER_RADIUS_PX[settings.corner]),
    '--button-radius': px(settings.button.radius),
    '--button-bg': button.bg,
    '--button-color': button.color,
    '--button-border': button.border,
    '--card-radius': px(settings.card.radius),
    '--card-shadow': card.shadow,
    '--card-border': card.border,
    '--space': px(spacing.space),
    '--gap': px(spacing.gap),
    '--font-size': px(font.base),
    '--heading-size': px(font.heading),
    '--font-family': settings.font
      ? `${fontFamilyCss(settings.font)}, ${SYSTEM_FONT_STACK}`
      : SYSTEM_FONT_STACK,
    '--font-weight': String(variant?.weight ?? 400),
    '--font-style': variant?.italic ? 'italic' : 'normal',
    '--logo-size': px(settings.logo.size),
  };
}

/** `:root{--a:b;…}` (or any selector) from a variables record. */
export function cssVariablesBlock(variables: CssVariables, selector = ':root'): string {
  const body = Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `${selector}{${body}}`;
}

/** The @font-face rule of the theme's font (served by us), or null for the system font. */
export function themeFontFace(settings: ThemeSettings): string | null {
  return settings.font ? fontFaceCss(settings.font) : null;
}

/** Per-icon variables: filled draws `color` on `backgroundColor`; outlined and plain draw in `backgroundColor`. */
export function socialIconVariables(icon: SocialIcon): CssVariables {
  const brand = icon.backgroundColor;
  return {
    '--si-size': px(icon.size),
    '--si-radius': px(Math.min(icon.radius, icon.size / 2)),
    '--si-color': icon.style === 'filled' ? icon.color : brand,
    '--si-bg': icon.style === 'filled' ? brand : 'transparent',
    '--si-border': icon.style === 'outlined' ? `2px solid ${brand}` : '2px solid transparent',
  };
}

/** Glyphs of the nine icon types, 24×24 (Material icons, Apache-2.0; snapchat and tiktok drawn here). */
export const SOCIAL_ICON_PATHS: Record<SocialIconType, string> = {
  youtube:
    'M10 15l5.19-3L10 9v6m11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73z',
  twitter:
    'M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z',
  linkedin:
    'M19 3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14m-.5 15.5v-5.3a3.26 3.26 0 0 0-3.26-3.26c-.85 0-1.84.52-2.32 1.3v-1.11h-2.79v8.37h2.79v-4.93c0-.77.62-1.4 1.39-1.4a1.4 1.4 0 0 1 1.4 1.4v4.93h2.79M6.88 8.56a1.68 1.68 0 0 0 1.68-1.68c0-.93-.75-1.69-1.68-1.69a1.69 1.69 0 0 0-1.69 1.69c0 .93.76 1.68 1.69 1.68m1.39 9.94v-8.37H5.5v8.37h2.77z',
  facebook:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z',
  instagram:
    'M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4H7.6m9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3z',
  email:
    'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 4-8 5-8-5V6l8 5 8-5z',
  snapchat:
    'M12 2c3.3 0 5.5 2.4 5.5 5.6v2.2l1.6-.5c.6-.2 1.1.6.5 1l-2 1.3c.4 1.7 1.8 3.2 3.6 3.7.5.1.5.8 0 1-1 .4-2 .5-2.3 1-.2.5-.2 1.1-.7 1.1-.6 0-1.4-.3-2.4 0-1.2.4-2 1.6-3.8 1.6s-2.6-1.2-3.8-1.6c-1-.3-1.8 0-2.4 0-.5 0-.5-.6-.7-1.1-.3-.5-1.3-.6-2.3-1-.5-.2-.5-.9 0-1 1.8-.5 3.2-2 3.6-3.7l-2-1.3c-.6-.4-.1-1.2.5-1l1.6.5V7.6C6.5 4.4 8.7 2 12 2z',
  tiktok:
    'M16.6 5.82A4.28 4.28 0 0 1 15.54 3h-3.09v12.4a2.59 2.59 0 0 1-2.59 2.5c-1.42 0-2.6-1.16-2.6-2.6 0-1.72 1.66-3.01 3.37-2.48V9.66c-3.45-.46-6.47 2.22-6.47 5.64 0 3.33 2.76 5.7 5.69 5.7 3.14 0 5.69-2.55 5.69-5.7V9.01a7.35 7.35 0 0 0 4.3 1.38V7.3s-1.88.09-3.24-1.48z',
  whatsapp:
    'M16.75 13.96c.25.13.41.2.46.3.06.11.04.61-.21 1.18-.2.56-1.24 1.1-1.7 1.12-.46.02-.47.36-2.96-.73-2.49-1.09-3.99-3.75-4.11-3.92-.12-.17-.96-1.38-.92-2.61.05-1.22.69-1.8.95-2.04.24-.26.51-.29.68-.26h.47c.15 0 .36-.06.55.45l.69 1.87c.06.13.1.28.01.44l-.27.41-.39.42c-.12.12-.26.25-.12.5.12.26.62 1.09 1.32 1.78.91.88 1.71 1.17 1.95 1.3.24.14.39.12.54-.04l.81-.94c.19-.25.35-.19.58-.11l1.67.88M12 2a10 10 0 0 1 10 10 10 10 0 0 1-10 10c-1.97 0-3.8-.57-5.35-1.55L2 22l1.55-4.65A9.969 9.969 0 0 1 2 12 10 10 0 0 1 12 2m0 2a8 8 0 0 0-8 8c0 1.72.54 3.31 1.46 4.61L4.5 19.5l2.89-.96A7.95 7.95 0 0 0 12 20a8 8 0 0 0 8-8 8 8 0 0 0-8-8z',
};
