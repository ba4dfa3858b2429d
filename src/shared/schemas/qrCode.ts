// QR codes, their design (the options of qr-code-styling we expose) and named design templates.
import { z } from 'zod';
import { QR_DESIGN_NAME_MIN, TEXT_MAX } from '../constants.js';
import { ERROR_CORRECTION_LEVELS } from '../enums.js';
import { ulidSchema } from '../ids.js';
import { actionInputSchema } from './action.js';
import { optionalText, plainText, requiredText, withInlineAction } from './common.js';

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const gradientSchema = z.object({
  type: z.enum(['linear', 'radial']),
  /** Degrees, 0–360. */
  rotation: z.number().min(0).max(360).default(0),
  colorStops: z
    .array(z.object({ offset: z.number().min(0).max(1), color: hexColorSchema }))
    .min(2)
    .max(5),
});
export type Gradient = z.infer<typeof gradientSchema>;

export const DOT_TYPES = [
  'square',
  'dots',
  'rounded',
  'classy',
  'classy-rounded',
  'extra-rounded',
] as const;
export const CORNER_SQUARE_TYPES = ['square', 'dot', 'extra-rounded'] as const;
export const CORNER_DOT_TYPES = ['square', 'dot'] as const;

const paint = { color: hexColorSchema, gradient: gradientSchema.nullable().default(null) };

export const qrDesignSchema = z.object({
  errorCorrectionLevel: z.enum(ERROR_CORRECTION_LEVELS).default('Q'),
  /** Quiet zone around the symbol, in modules (the standard asks for 4). */
  quietZone: z.number().int().min(0).max(10).default(4),
  dots: z.object({ type: z.enum(DOT_TYPES).default('square'), ...paint }),
  cornersSquare: z.object({ type: z.enum(CORNER_SQUARE_TYPES).default('square'), ...paint }),
  cornersDot: z.object({ type: z.enum(CORNER_DOT_TYPES).default('square'), ...paint }),
  background: z.object(paint),
  logo: z
    .object({
      mediaId: ulidSchema.nullable().default(null),
      /**
       * Share of the symbol's width the logo covers; the renderer keeps it within what the
       * error correction level restores (shared/qrStyling.ts maxLogoShare).
       */
      size: z.number().min(0.1).max(0.5).default(0.3),
      margin: z.number().int().min(0).max(20).default(4),
      hideBackgroundDots: z.boolean().default(true),
    })
    .default({ mediaId: null, size: 0.3, margin: 4, hideBackgroundDots: true }),
});
export type QrDesign = z.infer<typeof qrDesignSchema>;
export type ErrorCorrectionLevel = QrDesign['errorCorrectionLevel'];

export const DEFAULT_QR_DESIGN: QrDesign = {
  errorCorrectionLevel: 'Q',
  quietZone: 4,
  dots: { type: 'square', color: '#000000', gradient: null },
  cornersSquare: { type: 'square', color: '#000000', gradient: null },
  cornersDot: { type: 'square', color: '#000000', gradient: null },
  background: { color: '#ffffff', gradient: null },
  logo: { mediaId: null, size: 0.3, margin: 4, hideBackgroundDots: true },
};

export const qrCodeInputSchema = z.object({
  name: requiredText(),
  description: optionalText(1000),
  actionId: ulidSchema.nullable().default(null),
  templateId: ulidSchema.nullable().default(null),
  design: qrDesignSchema.default(DEFAULT_QR_DESIGN),
});
export type QrCodeInput = z.infer<typeof qrCodeInputSchema>;
/** POST …/qr-codes: the QR code, with an existing Action or a new one (`action`). */
export const newQrCodeSchema = withInlineAction(qrCodeInputSchema, actionInputSchema);
export type NewQrCode = z.infer<typeof newQrCodeSchema>;
export const qrCodeUpdateSchema = qrCodeInputSchema.partial();

export const qrCodeTemplateInputSchema = z.object({
  name: plainText(QR_DESIGN_NAME_MIN, TEXT_MAX),
  design: qrDesignSchema,
});
export type QrCodeTemplateInput = z.infer<typeof qrCodeTemplateInputSchema>;

/** Error correction: how much of the code may be covered or damaged and still read. */
export const ERROR_CORRECTION_CAPACITY: Record<(typeof ERROR_CORRECTION_LEVELS)[number], number> = {
  L: 0.07,
  M: 0.15,
  Q: 0.25,
  H: 0.3,
};
