// The project's active theme as the landing pages need it, read defensively from the settings
// JSON the dashboard writes: each section is parsed with the shared theme schema
// (src/shared/schemas/theme.ts); a section that does not parse falls back to older key names or
// to the defaults, so one bad value never breaks a page. Every value that reaches CSS has passed
// the schema or a strict pattern (no CSS injection via a theme).
import { DEFAULT_PRIMARY_COLOR } from '../../shared/constants.js';
import { defaultFontChoice, findFont } from '../../shared/fonts.js';
import {
  DEFAULT_THEME_SETTINGS,
  themeSettingsSchema,
  type ThemeFont,
  type ThemeSettings as ThemeLook,
} from '../../shared/schemas/theme.js';
import { CORNER_RADIUS_PX, isDarkColor } from '../../shared/themeStyle.js';

export interface ThemeSettings {
  primary: string;
  secondary: string;
  /** A colour, or a linear-gradient() built only from checked parts. */
  background: string;
  textColor: string;
  onPrimary: string;
  fontFamily: string | null;
  logoMediaId: string | null;
  /** Corner radius in px for images and small parts. */
  radius: number;
  /** The whole theme (shared schema), which the page's CSS is made from (themeCssVariables). */
  look: ThemeLook;
}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FONT = /^[A-Za-z0-9 -]{1,64}$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
/** The first candidate that is a colour, as #rrggbb. */
const color = (...candidates: unknown[]): string | null => {
  for (const c of candidates) {
    if (typeof c !== 'string' || !COLOR.test(c.trim())) continue;
    const hex = c.trim().toLowerCase();
    return hex.length === 4 ? `#${[...hex.slice(1)].map((d) => d + d).join('')}` : hex;
  }
  return null;
};

const shape = themeSettingsSchema.shape;
type Section = keyof typeof shape;

/** One section of the settings when present and valid; undefined otherwise. */
function section<K extends Section>(raw: Json, key: K): ThemeLook[K] | undefined {
  if (raw[key] === undefined) return undefined;
  const parsed = shape[key].safeParse(raw[key]);
  return parsed.success ? (parsed.data as ThemeLook[K]) : undefined;
}

/** Older or partly broken settings: primaryColor, background.from/to/angle, fontFamily, … */
function legacyColors(raw: Json): ThemeLook['colors'] {
  const colors = obj(raw.colors);
  const defaults = DEFAULT_THEME_SETTINGS.colors;
  return {
    primary: color(colors.primary, raw.primaryColor, raw.primary) ?? defaults.primary,
    secondary: color(colors.secondary, raw.secondaryColor, raw.secondary) ?? defaults.secondary,
    tertiary: color(colors.tertiary) ?? defaults.tertiary,
    accent: color(colors.accent) ?? defaults.accent,
  };
}

function legacyBackground(raw: Json, colors: ThemeLook['colors']): ThemeLook['background'] {
  const bg = obj(raw.background);
  const gradient = obj(bg.gradient);
  const defaults = DEFAULT_THEME_SETTINGS.background;
  const bgColor = color(
    bg.color,
    raw.backgroundColor,
    typeof raw.background === 'string' ? raw.background : null,
  );
  const angleRaw = Number(gradient.angle ?? bg.angle ?? raw.gradientAngle ?? 180);
  return {
    ...defaults,
    type: bg.type === 'gradient' ? 'gradient' : 'color',
    color: bgColor ?? defaults.color,
    gradient: {
      angle: Number.isFinite(angleRaw) ? Math.min(360, Math.max(0, Math.round(angleRaw))) : 180,
      from: color(gradient.from, bg.from, bgColor, colors.primary) ?? colors.primary,
      to: color(gradient.to, bg.to, colors.secondary) ?? colors.secondary,
    },
  };
}

function legacyFont(raw: Json): ThemeFont | null {
  const font = obj(raw.font);
  const family = [font.family, raw.fontFamily].find((f) => typeof f === 'string' && FONT.test(f));
  const known = typeof family === 'string' ? findFont(family) : undefined;
  if (!known) return null;
  const choice = defaultFontChoice(known);
  return {
    family: known.family,
    subset:
      typeof font.subset === 'string' && known.subsets.includes(font.subset)
        ? font.subset
        : choice.subset,
    variant:
      typeof font.variant === 'string' && known.variants.includes(font.variant)
        ? font.variant
        : choice.variant,
  };
}

const LEGACY_KEYS = [
  'primaryColor',
  'primary',
  'secondaryColor',
  'secondary',
  'backgroundColor',
  'gradientAngle',
  'fontFamily',
];

function isLegacy(raw: Json): boolean {
  const bg = raw.background;
  return (
    LEGACY_KEYS.some((key) => key in raw) ||
    typeof bg === 'string' ||
    ['from', 'to', 'angle'].some((key) => key in obj(bg))
  );
}

/** The settings JSON as a complete theme; whatever does not parse takes a fallback. */
export function readThemeLook(json: string | null, logoMediaId: string | null): ThemeLook {
  let raw: Json = {};
  try {
    raw = json ? obj(JSON.parse(json)) : {};
  } catch {
    raw = {};
  }
  // Older key names would be dropped silently by the schema: read those settings the old way.
  const legacy = isLegacy(raw);
  const whole = legacy ? null : themeSettingsSchema.safeParse(raw);
  const defaults = DEFAULT_THEME_SETTINGS;
  let look: ThemeLook;
  if (whole?.success) {
    look = whole.data;
  } else {
    const colors = (!legacy && section(raw, 'colors')) || legacyColors(raw);
    look = {
      colors,
      background: (!legacy && section(raw, 'background')) || legacyBackground(raw, colors),
      button: section(raw, 'button') ?? defaults.button,
      card: section(raw, 'card') ?? defaults.card,
      corner: section(raw, 'corner') ?? defaults.corner,
      density: section(raw, 'density') ?? defaults.density,
      size: section(raw, 'size') ?? defaults.size,
      font: (!legacy && section(raw, 'font')) || legacyFont(raw),
      logo: section(raw, 'logo') ?? defaults.logo,
      socialIcons: section(raw, 'socialIcons') ?? defaults.socialIcons,
    };
  }
  // The logo column mirrors settings.logo.mediaId; either one may be the only one set.
  const logo = look.logo.mediaId ?? (logoMediaId && ULID.test(logoMediaId) ? logoMediaId : null);
  return { ...look, logo: { ...look.logo, mediaId: logo } };
}

/** The theme as the pages read it: the whole look plus the few values older code reads directly. */
export function themeFromLook(look: ThemeLook): ThemeSettings {
  const { primary, secondary } = look.colors;
  const { type, color: bgColor, gradient } = look.background;
  const isGradient = type === 'gradient';
  const baseColor = isGradient ? gradient.from : bgColor;
  return {
    primary,
    secondary,
    background: isGradient
      ? `linear-gradient(${gradient.angle}deg, ${gradient.from}, ${gradient.to})`
      : bgColor,
    textColor: isDark(baseColor) ? '#f9fafb' : '#111827',
    onPrimary: isDark(primary) ? '#ffffff' : '#111827',
    fontFamily: look.font?.family ?? null,
    logoMediaId: look.logo.mediaId,
    radius: CORNER_RADIUS_PX[look.corner],
    look,
  };
}

export const DEFAULT_THEME: ThemeSettings = themeFromLook(DEFAULT_THEME_SETTINGS);

export function readThemeSettings(json: string | null, logoMediaId: string | null): ThemeSettings {
  return themeFromLook(readThemeLook(json, logoMediaId));
}

/** Relative luminance below the midpoint: light text reads better on it. */
export function isDark(hex: string): boolean {
  return isDarkColor(color(hex) ?? DEFAULT_PRIMARY_COLOR);
}
