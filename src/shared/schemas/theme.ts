// Themes that brand the landing pages (SPEC §3 Theme, §5 gradient angle ≤ 360, §9 primary
// #fd1056). One schema for the API's validation and the dashboard's editor; every leaf has a
// default, so `{ name }` alone makes a complete theme and old settings JSON keeps parsing.
import { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR, GRADIENT_ANGLE_MAX, LINK_MAX } from '../constants.js';
import { findFont } from '../fonts.js';
import { ulidSchema } from '../ids.js';
import { addCustomIssue, issueParams } from '../validation.js';
import { requiredText } from './common.js';

export const BACKGROUND_TYPES = ['color', 'gradient', 'image'] as const;
export const BUTTON_STYLES = ['default', 'outlined', 'text'] as const;
export const CARD_STYLES = ['elevated', 'outlined', 'flat'] as const;
export const CORNERS = ['none', 'small', 'medium', 'large', 'round'] as const;
export const DENSITIES = ['default', 'dense', 'large'] as const;
export const SIZES = ['small', 'medium', 'large'] as const;
export const SOCIAL_ICON_TYPES = [
  'youtube',
  'twitter',
  'linkedin',
  'facebook',
  'instagram',
  'email',
  'snapchat',
  'tiktok',
  'whatsapp',
] as const;
export type SocialIconType = (typeof SOCIAL_ICON_TYPES)[number];
export const SOCIAL_ICON_STYLES = ['filled', 'outlined', 'plain'] as const;

export const SOCIAL_ICONS_MAX = 9;
export const RADIUS_MAX = 50;
export const LOGO_SIZE_MIN = 32;
export const LOGO_SIZE_MAX = 256;
export const ICON_SIZE_MIN = 24;
export const ICON_SIZE_MAX = 64;

/** #rrggbb: the only colour form that reaches the landing pages' CSS. */
export const themeColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((value) => value.toLowerCase());

/** A number within bounds; out of range answers `between` with both bounds (SPEC §5 generic rule). */
const bounded = (min: number, max: number, integer = true) =>
  (integer ? z.number().int() : z.number()).refine((value) => value >= min && value <= max, {
    message: `Must be between ${min} and ${max}`,
    params: issueParams({ code: 'between', meta: { min, max } }),
  });

export const gradientSchema = z.object({
  /** Degrees, 0–360 (SPEC §5: at most 360). */
  angle: bounded(0, GRADIENT_ANGLE_MAX).default(180),
  from: themeColorSchema.default(DEFAULT_PRIMARY_COLOR),
  to: themeColorSchema.default('#1f2937'),
});

export const backgroundSchema = z.object({
  type: z.enum(BACKGROUND_TYPES).default('color'),
  color: themeColorSchema.default('#f5f5f7'),
  gradient: gradientSchema.prefault({}),
  /** 0–1: how much an image or gradient background is darkened, for readable text on top. */
  overlay: bounded(0, 1, false).default(0),
  imageMediaId: ulidSchema.nullable().default(null),
});

export const buttonSchema = z.object({
  style: z.enum(BUTTON_STYLES).default('default'),
  radius: bounded(0, RADIUS_MAX).default(12),
});

export const cardSchema = z.object({
  style: z.enum(CARD_STYLES).default('elevated'),
  radius: bounded(0, RADIUS_MAX).default(12),
});

/** A family of the Google Fonts catalogue, with one of that family's subsets and variants. */
export const fontSchema = z
  .object({
    family: z.string().trim().min(1).max(100),
    subset: z.string().trim().min(1).max(40),
    variant: z.string().trim().min(1).max(20),
  })
  .superRefine((font, ctx) => {
    const known = findFont(font.family);
    if (!known) {
      addCustomIssue(ctx, ['family'], { code: 'in' }, 'This font is not in the catalogue');
      return;
    }
    const offered = { subset: known.subsets, variant: known.variants };
    for (const field of ['subset', 'variant'] as const) {
      const values = offered[field];
      if (!values.includes(font[field]))
        addCustomIssue(
          ctx,
          [field],
          { code: 'in', meta: { values } },
          `This font has no such ${field}`,
        );
    }
  });
export type ThemeFont = z.infer<typeof fontSchema>;

export const logoSchema = z.object({
  mediaId: ulidSchema.nullable().default(null),
  /** Height in px on the landing page. */
  size: bounded(LOGO_SIZE_MIN, LOGO_SIZE_MAX).default(64),
});

const EMAIL_ADDRESS = z.email();

/**
 * A social icon's link: an http(s) URL, or for `email` an address or mailto: (stored as
 * `mailto:address`). Anything else (javascript:, data:) fails with 'url' at /link.
 */
export const socialIconSchema = z
  .object({
    type: z.enum(SOCIAL_ICON_TYPES),
    link: z.string().trim().min(1).max(LINK_MAX),
    color: themeColorSchema.default('#ffffff'),
    backgroundColor: themeColorSchema.default(DEFAULT_PRIMARY_COLOR),
    radius: bounded(0, RADIUS_MAX).default(24),
    size: bounded(ICON_SIZE_MIN, ICON_SIZE_MAX).default(40),
    style: z.enum(SOCIAL_ICON_STYLES).default('filled'),
  })
  .transform((icon, ctx) => {
    if (icon.type === 'email') {
      const address = icon.link.replace(/^mailto:/i, '');
      if (!EMAIL_ADDRESS.safeParse(address).success) {
        addCustomIssue(ctx, ['link'], { code: 'email' }, 'Must be an email address');
        return z.NEVER;
      }
      return { ...icon, link: `mailto:${address}` };
    }
    if (!isHttpUrl(icon.link)) {
      addCustomIssue(ctx, ['link'], { code: 'url' }, 'Must be an http(s) URL');
      return z.NEVER;
    }
    return icon;
  });
export type SocialIcon = z.infer<typeof socialIconSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const themeSettingsSchema = z.object({
  colors: z
    .object({
      primary: themeColorSchema.default(DEFAULT_PRIMARY_COLOR),
      secondary: themeColorSchema.default('#1f2937'),
      tertiary: themeColorSchema.default('#6b7280'),
      accent: themeColorSchema.default('#2563eb'),
    })
    .prefault({}),
  background: backgroundSchema.prefault({}),
  button: buttonSchema.prefault({}),
  card: cardSchema.prefault({}),
  corner: z.enum(CORNERS).default('medium'),
  density: z.enum(DENSITIES).default('default'),
  size: z.enum(SIZES).default('medium'),
  /** null: the system font (nothing is loaded from Google). */
  font: fontSchema.nullable().default(null),
  logo: logoSchema.prefault({}),
  socialIcons: z.array(socialIconSchema).max(SOCIAL_ICONS_MAX).default([]),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;
/** What a form may hold before parsing (defaults not yet filled in). */
export type ThemeSettingsInput = z.input<typeof themeSettingsSchema>;

export const DEFAULT_THEME_SETTINGS: ThemeSettings = themeSettingsSchema.parse({});

export const themeInputSchema = z.object({
  name: requiredText(),
  settings: themeSettingsSchema.prefault({}),
});
export type ThemeInput = z.infer<typeof themeInputSchema>;

export const themeUpdateSchema = themeInputSchema.partial();
export type ThemeUpdate = z.infer<typeof themeUpdateSchema>;

export const themePreviewSchema = z.object({ settings: themeSettingsSchema.prefault({}) });

/** Settings as stored: parsed, or the defaults when the stored JSON is broken. */
export function readStoredThemeSettings(json: string | null | undefined): ThemeSettings {
  if (!json) return DEFAULT_THEME_SETTINGS;
  try {
    const parsed = themeSettingsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_THEME_SETTINGS;
  } catch {
    return DEFAULT_THEME_SETTINGS;
  }
}

/** `Theme` of docs/api-themes.md. */
export interface Theme {
  id: string;
  projectId: string;
  name: string;
  isActive: boolean;
  settings: ThemeSettings;
  createdAt: string;
  updatedAt: string;
}
