// Tag colours: a small palette to choose from, and a readable text colour on each.
import { darken } from '@mui/material/styles';
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
  // Black and white contrast equally at √(1.05 × 0.05) − 0.05 ≈ 0.179, not at the midpoint.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The selector of a clickable chip's hover and keyboard focus (MUI's own turn it grey). */
export const CHIP_HOVER = '&.MuiChip-clickable:hover, &.Mui-focusVisible';

export interface ChipColours {
  bgcolor?: string;
  color?: string;
  [CHIP_HOVER]?: { bgcolor: string; color: string };
}

/**
 * The chip colours of a tag: its own colour, or the theme's default chip. A clickable chip (a list
 * filter) keeps its colour on hover and focus, a little darker, instead of MUI's grey.
 */
export function chipSx(label: Pick<LabelSummary, 'color'>): ChipColours {
  if (!label.color) return {};
  const color = textOn(label.color);
  return {
    bgcolor: label.color,
    color,
    [CHIP_HOVER]: { bgcolor: darken(label.color, 0.15), color },
  };
}
