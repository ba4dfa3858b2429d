// Tag colours: a small palette to choose from, and a readable text colour on each.
import type { LabelSummary } from '../../shared/schemas/label';

export const LABEL_PALETTE = [
  '#fd1056',
  '#e65100',
  '#f9a825',
  '#2e7d32',
  '#00897b',
  '#0277bd',
  '#3949ab',
  '#8e24aa',
  '#6d4c41',
  '#546e7a',
] as const;

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return '#000000';
  const value = parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.4 ? '#000000' : '#ffffff';
}

/** The chip colours of a tag: its own colour, or the theme's default chip. */
export function chipSx(label: Pick<LabelSummary, 'color'>) {
  return label.color ? { bgcolor: label.color, color: textOn(label.color) } : {};
}
