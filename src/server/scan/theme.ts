// The project's active theme as the landing pages need it, read defensively from the settings
// JSON the dashboard writes: anything missing or malformed falls back to the defaults, and every
// value that reaches CSS is checked against a strict pattern (no CSS injection via a theme).
import { DEFAULT_PRIMARY_COLOR } from '../../shared/constants.js';

export interface ThemeSettings {
  primary: string;
  secondary: string;
  /** A colour, or a linear-gradient() built only from checked parts. */
  background: string;
  textColor: string;
  onPrimary: string;
  fontFamily: string | null;
  logoMediaId: string | null;
  /** Corner radius in px for cards and buttons. */
  radius: number;
}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FONT = /^[A-Za-z0-9 -]{1,64}$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const CORNERS: Record<string, number> = { none: 0, small: 4, medium: 8, large: 16, round: 24 };

export const DEFAULT_THEME: ThemeSettings = {
  primary: DEFAULT_PRIMARY_COLOR,
  secondary: '#1f2937',
  background: '#f5f5f7',
  textColor: '#111827',
  onPrimary: '#ffffff',
  fontFamily: null,
  logoMediaId: null,
  radius: 12,
};

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const color = (...candidates: unknown[]): string | null => {
  for (const c of candidates) if (typeof c === 'string' && COLOR.test(c.trim())) return c.trim();
  return null;
};

export function readThemeSettings(json: string | null, logoMediaId: string | null): ThemeSettings {
  let raw: Json = {};
  try {
    raw = json ? obj(JSON.parse(json)) : {};
  } catch {
    raw = {};
  }
  const colors = obj(raw.colors);
  const bg = obj(raw.background);
  const primary = color(colors.primary, raw.primaryColor, raw.primary) ?? DEFAULT_THEME.primary;
  const secondary =
    color(colors.secondary, raw.secondaryColor, raw.secondary) ?? DEFAULT_THEME.secondary;

  let background = DEFAULT_THEME.background;
  let baseColor = background;
  const bgColor = color(
    bg.color,
    raw.backgroundColor,
    typeof raw.background === 'string' ? raw.background : null,
  );
  if (bgColor) background = baseColor = bgColor;
  if (bg.type === 'gradient') {
    const from = color(bg.from, obj(bg.gradient).from, bgColor, primary) ?? primary;
    const to = color(bg.to, obj(bg.gradient).to, secondary) ?? secondary;
    const angleRaw = Number(bg.angle ?? raw.gradientAngle ?? 180);
    const angle = Number.isFinite(angleRaw)
      ? Math.min(360, Math.max(0, Math.round(angleRaw)))
      : 180;
    background = `linear-gradient(${angle}deg, ${from}, ${to})`;
    baseColor = from;
  }

  const font = obj(raw.font);
  const family = [font.family, raw.fontFamily].find((f) => typeof f === 'string' && FONT.test(f));
  const corner = typeof raw.corner === 'string' ? CORNERS[raw.corner] : undefined;
  const logo = logoMediaId && ULID.test(logoMediaId) ? logoMediaId : null;

  return {
    primary,
    secondary,
    background,
    textColor: isDark(baseColor) ? '#f9fafb' : '#111827',
    onPrimary: isDark(primary) ? '#ffffff' : '#111827',
    fontFamily: typeof family === 'string' ? family : null,
    logoMediaId: logo,
    radius: corner ?? DEFAULT_THEME.radius,
  };
}

/** Relative luminance below the midpoint: light text reads better on it. */
export function isDark(hex: string): boolean {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) < 0.4;
}
