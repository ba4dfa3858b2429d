import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  printModuleCheck,
  scannabilityWarnings,
} from '../../src/shared/scannability.js';
import {
  DEFAULT_QR_DESIGN,
  qrCodeTemplateInputSchema,
  qrDesignSchema,
  type QrDesign,
} from '../../src/shared/schemas/qrCode.js';

const withColors = (dots: string, background: string): QrDesign => ({
  ...DEFAULT_QR_DESIGN,
  dots: { ...DEFAULT_QR_DESIGN.dots, color: dots },
  cornersSquare: { ...DEFAULT_QR_DESIGN.cornersSquare, color: dots },
  cornersDot: { ...DEFAULT_QR_DESIGN.cornersDot, color: dots },
  background: { color: background, gradient: null },
});

describe('scannabilityWarnings', () => {
  it('accepts black on white', () => {
    expect(scannabilityWarnings(DEFAULT_QR_DESIGN, false)).toEqual([]);
  });
  it('warns about low contrast', () => {
    expect(scannabilityWarnings(withColors('#cccccc', '#ffffff'), false)).toContain('lowContrast');
  });
  it('warns about light dots on a dark background', () => {
    expect(scannabilityWarnings(withColors('#ffffff', '#000000'), false)).toEqual([
      'invertedColors',
    ]);
  });
  it('judges a gradient by its weakest stop', () => {
    const design = withColors('#000000', '#ffffff');
    design.dots.gradient = {
      type: 'linear',
      rotation: 0,
      colorStops: [
        { offset: 0, color: '#000000' },
        { offset: 1, color: '#eeeeee' },
      ],
    };
    expect(scannabilityWarnings(design, false)).toContain('lowContrast');
  });
  it.each([
    // The share of the width the logo covers; at most √(capacity × ½) of it (18, 27, 35, 38 %).
    ['L', 0.18, false],
    ['L', 0.25, true],
    ['M', 0.27, false],
    ['Q', 0.35, false],
    ['Q', 0.4, true],
    ['H', 0.38, false],
    ['H', 0.4, true],
  ] as const)('level %s with a logo of size %s → too large: %s', (level, size, tooLarge) => {
    const design = {
      ...DEFAULT_QR_DESIGN,
      errorCorrectionLevel: level,
      logo: { ...DEFAULT_QR_DESIGN.logo, size },
    };
    expect(scannabilityWarnings(design, true).includes('logoTooLarge')).toBe(tooLarge);
    expect(scannabilityWarnings(design, false).includes('logoTooLarge')).toBe(false);
  });
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});

describe('QR design and template schemas', () => {
  it('fills defaults', () => {
    const parsed = qrDesignSchema.parse({
      dots: { color: '#112233' },
      cornersSquare: { color: '#112233' },
      cornersDot: { color: '#112233' },
      background: { color: '#ffffff' },
    });
    expect(parsed.errorCorrectionLevel).toBe('Q');
    expect(parsed.logo.mediaId).toBeNull();
  });
  it('requires a template name of at least 3 characters', () => {
    const result = qrCodeTemplateInputSchema.safeParse({ name: 'ab', design: DEFAULT_QR_DESIGN });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['name']);
  });
  it('refuses a gradient angle over 360 and colours that are not #rrggbb', () => {
    expect(
      qrDesignSchema.safeParse({
        ...DEFAULT_QR_DESIGN,
        background: { color: 'red', gradient: null },
      }).success,
    ).toBe(false);
    const badAngle = {
      ...DEFAULT_QR_DESIGN,
      dots: {
        ...DEFAULT_QR_DESIGN.dots,
        gradient: {
          type: 'linear',
          rotation: 361,
          colorStops: [
            { offset: 0, color: '#000000' },
            { offset: 1, color: '#111111' },
          ],
        },
      },
    };
    expect(qrDesignSchema.safeParse(badAngle).success).toBe(false);
  });
});

describe('quiet zone', () => {
  it('is 4 modules by default and warns under 2', () => {
    expect(DEFAULT_QR_DESIGN.quietZone).toBe(4);
    expect(scannabilityWarnings(DEFAULT_QR_DESIGN, false)).not.toContain('smallQuietZone');
    expect(scannabilityWarnings({ ...DEFAULT_QR_DESIGN, quietZone: 2 }, false)).not.toContain(
      'smallQuietZone',
    );
    expect(scannabilityWarnings({ ...DEFAULT_QR_DESIGN, quietZone: 1 }, false)).toContain(
      'smallQuietZone',
    );
  });
});

describe('print module check', () => {
  it('says how large a module prints and how far away it scans', () => {
    // 15 mm over 21 + 8 modules: about 0.52 mm, read from at most about 14 cm.
    expect(printModuleCheck(15, 29)).toEqual({
      moduleMm: 0.52,
      maxDistanceCm: 14,
      moduleTooSmall: false,
    });
    expect(printModuleCheck(10, 57).moduleTooSmall).toBe(true);
  });
});
