// The Google Fonts catalogue (src/shared/data/googleFonts.json) as the theme editor and the
// landing pages need it: the list, a lookup by family, and the @font-face rule of a chosen font,
// whose file our own server serves under /fonts/ (src/server/fonts.ts) — a landing page asks no
// other host, so Google never learns a scanning visitor's address.
import catalogue from './data/googleFonts.json' with { type: 'json' };

export const FONT_CATEGORIES = [
  'sans-serif',
  'serif',
  'display',
  'handwriting',
  'monospace',
] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface CatalogueFont {
  family: string;
  category: FontCategory;
  /** 'regular', 'italic', '700', '700italic', … as Google Fonts names them. */
  variants: readonly string[];
  subsets: readonly string[];
  /** The family in a URL path: 'Open Sans' → 'open-sans' (also its @fontsource package name). */
  id: string;
}

/** A theme's font choice: one family of the catalogue with one of its subsets and variants. */
export interface FontChoice {
  family: string;
  subset: string;
  variant: string;
}

type Row = [string, string, string[], string[]];

/** 'Source Sans 3' → 'source-sans-3'. */
export const fontId = (family: string) =>
  family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const isCategory = (value: string): value is FontCategory =>
  (FONT_CATEGORIES as readonly string[]).includes(value);

export const FONT_CATALOGUE: readonly CatalogueFont[] = (catalogue.fonts as Row[]).map(
  ([family, category, variants, subsets]) => ({
    family,
    category: isCategory(category) ? category : 'sans-serif',
    variants,
    subsets,
    id: fontId(family),
  }),
);

const byFamily = new Map(FONT_CATALOGUE.map((font) => [font.family, font]));
const byId = new Map(FONT_CATALOGUE.map((font) => [font.id, font]));

export function findFontById(id: string): CatalogueFont | undefined {
  return byId.get(id);
}

export function findFont(family: string | null | undefined): CatalogueFont | undefined {
  return family ? byFamily.get(family) : undefined;
}

/** The variant and subset a newly picked family starts with: regular and latin when it has them. */
export function defaultFontChoice(font: CatalogueFont): FontChoice {
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

/** The path our server serves a font file under: /fonts/{package}/{subset}-{weight}-{style}.woff2. */
export function fontFilePath(font: CatalogueFont, choice: Pick<FontChoice, 'subset' | 'variant'>) {
  const { weight, italic } = parseVariant(choice.variant);
  return `/fonts/${font.id}/${choice.subset}-${weight}-${italic ? 'italic' : 'normal'}.woff2`;
}

/** The @font-face rule of a theme's font, or null when the family is not one we ship. */
export function fontFaceCss(choice: FontChoice): string | null {
  const font = findFont(choice.family);
  if (!font || !font.variants.includes(choice.variant) || !font.subsets.includes(choice.subset))
    return null;
  const { weight, italic } = parseVariant(choice.variant);
  const family = font.family.replace(/["\\]/g, '');
  return (
    `@font-face{font-family:"${family}";font-style:${italic ? 'italic' : 'normal'};` +
    `font-weight:${weight};font-display:swap;src:url(${fontFilePath(font, choice)}) format("woff2")}`
  );
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
