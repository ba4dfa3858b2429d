// The Google Fonts catalogue (src/shared/data/googleFonts.json) as the theme editor and the
// landing pages need it: the list, a lookup by family, and the stylesheet URL of a chosen font.
import catalogue from './data/googleFonts.json' with { type: 'json' };

export const FONT_CATEGORIES = [
  'sans-serif',
  'serif',
  'display',
  'handwriting',
  'monospace',
] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface GoogleFont {
  family: string;
  category: FontCategory;
  /** 'regular', 'italic', '700', '700italic', … as Google names them. */
  variants: readonly string[];
  subsets: readonly string[];
}

/** A theme's font choice: one family of the catalogue with one of its subsets and variants. */
export interface FontChoice {
  family: string;
  subset: string;
  variant: string;
}

type Row = [string, string, string[], string[]];

const isCategory = (value: string): value is FontCategory =>
  (FONT_CATEGORIES as readonly string[]).includes(value);

export const GOOGLE_FONTS: readonly GoogleFont[] = (catalogue.fonts as Row[]).map(
  ([family, category, variants, subsets]) => ({
    family,
    category: isCategory(category) ? category : 'sans-serif',
    variants,
    subsets,
  }),
);

const byFamily = new Map(GOOGLE_FONTS.map((font) => [font.family, font]));

export function findFont(family: string | null | undefined): GoogleFont | undefined {
  return family ? byFamily.get(family) : undefined;
}

/** The variant and subset a newly picked family starts with: regular and latin when it has them. */
export function defaultFontChoice(font: GoogleFont): FontChoice {
  return {
    family: font.family,
    variant: font.variants.includes('regular') ? 'regular' : font.variants[0],
    subset: font.subsets.includes('latin') ? 'latin' : font.subsets[0],
  };
}

/** 'regular' → weight 400 upright; '700italic' → 700 italic. */
export function parseVariant(variant: string): { weight: number; italic: boolean } {
  const italic = variant.endsWith('italic');
  const number = parseInt(variant, 10);
  return { weight: Number.isFinite(number) ? number : 400, italic };
}

/**
 * The Google Fonts css2 URL of the chosen family and variant, e.g.
 * https://fonts.googleapis.com/css2?family=Open+Sans:ital,wght@1,700&subset=latin-ext&display=swap.
 * (css2 serves unicode-range slices; the subset parameter keeps the choice explicit.)
 */
export function googleFontsCssUrl(font: FontChoice): string {
  const { weight, italic } = parseVariant(font.variant);
  const family = encodeURIComponent(font.family).replace(/%20/g, '+');
  const subset = encodeURIComponent(font.subset);
  return `https://fonts.googleapis.com/css2?family=${family}:ital,wght@${italic ? 1 : 0},${weight}&subset=${subset}&display=swap`;
}

/** The CSS font-family value: the family quoted, then a fallback of its category. */
export function fontFamilyCss(font: Pick<FontChoice, 'family'>): string {
  const category = findFont(font.family)?.category;
  const fallback =
    category === 'serif'
      ? 'Georgia, serif'
      : category === 'monospace'
        ? 'ui-monospace, monospace'
        : category === 'handwriting'
          ? 'cursive'
          : 'system-ui, sans-serif';
  return `"${font.family.replace(/["\\]/g, '')}", ${fallback}`;
}
