import { describe, expect, it } from 'vitest';
import { findFont, FONT_CATALOGUE, fontFaceCss, parseVariant } from '../../src/shared/fonts.js';
import {
  DEFAULT_THEME_SETTINGS,
  readStoredThemeSettings,
  SOCIAL_ICON_TYPES,
  themeInputSchema,
  themeSettingsSchema,
  type ThemeSettingsInput,
} from '../../src/shared/schemas/theme.js';
import {
  cssVariablesBlock,
  socialIconVariables,
  themeCssVariables,
  themeFontFace,
} from '../../src/shared/themeStyle.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';

function errorsOf(settings: ThemeSettingsInput) {
  const result = themeInputSchema.safeParse({ name: 'Theme', settings });
  if (result.success) return [];
  return zodErrorToApiErrors(result.error);
}

const settings = (input: ThemeSettingsInput) => themeSettingsSchema.parse(input);

describe('theme schema', () => {
  it('fills every default; the primary colour is #fd1056 (SPEC §9)', () => {
    expect(DEFAULT_THEME_SETTINGS.colors.primary).toBe('#fd1056');
    expect(DEFAULT_THEME_SETTINGS).toMatchObject({
      background: { type: 'color', overlay: 0, imageMediaId: null },
      button: { style: 'default' },
      card: { style: 'elevated' },
      corner: 'medium',
      density: 'default',
      size: 'medium',
      font: null,
      logo: { mediaId: null },
      socialIcons: [],
    });
    expect(themeInputSchema.parse({ name: 'x' }).settings).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it.each([0, 180, 360])('accepts a gradient angle of %i', (angle) => {
    expect(errorsOf({ background: { gradient: { angle } } })).toEqual([]);
  });

  it.each([361, 720, -1])(
    'refuses a gradient angle of %i with between 0–360 at its pointer',
    (angle) => {
      expect(errorsOf({ background: { gradient: { angle } } })).toEqual([
        expect.objectContaining({
          code: 'between',
          source: { pointer: '/settings/background/gradient/angle' },
          meta: { min: 0, max: 360 },
        }),
      ]);
    },
  );

  it.each([
    ['family', { family: 'Not A Font', subset: 'latin', variant: 'regular' }],
    ['subset', { family: 'Roboto', subset: 'klingon', variant: 'regular' }],
    ['variant', { family: 'Abel', subset: 'latin', variant: '900italic' }],
  ])('refuses an unknown font %s', (field, font) => {
    const [error] = errorsOf({ font });
    expect(error).toMatchObject({ code: 'in', source: { pointer: `/settings/font/${field}` } });
  });

  it("lists the family's own subsets and variants when one does not fit", () => {
    const [error] = errorsOf({ font: { family: 'Abel', subset: 'greek', variant: 'regular' } });
    expect(error.meta?.values).toEqual(findFont('Abel')?.subsets);
  });

  it.each(SOCIAL_ICON_TYPES)('accepts a %s icon', (type) => {
    const link = type === 'email' ? 'hello@example.com' : 'https://example.com/brand';
    expect(errorsOf({ socialIcons: [{ type, link }] })).toEqual([]);
  });

  it('refuses an unknown icon type, unsafe links and more than nine icons', () => {
    expect(
      errorsOf({ socialIcons: [{ type: 'myspace' as 'youtube', link: 'https://x.example' }] })[0],
    ).toMatchObject({ code: 'in', source: { pointer: '/settings/socialIcons/0/type' } });
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example', 'nonsense']) {
      expect(errorsOf({ socialIcons: [{ type: 'facebook', link }] })[0]).toMatchObject({
        code: 'url',
        source: { pointer: '/settings/socialIcons/0/link' },
      });
    }
    expect(
      errorsOf({ socialIcons: [{ type: 'email', link: 'https://x.example' }] })[0],
    ).toMatchObject({
      code: 'email',
    });
    const ten = Array.from({ length: 10 }, () => ({
      type: 'tiktok' as const,
      link: 'https://t.example',
    }));
    expect(errorsOf({ socialIcons: ten })[0]).toMatchObject({
      code: 'array_length_max',
      meta: { max: 9 },
    });
  });

  it('stores an email icon as mailto: and colours in lower case', () => {
    const parsed = settings({
      colors: { primary: '#ABCDEF' },
      socialIcons: [{ type: 'email', link: 'mailto:Hi@Example.com' }],
    });
    expect(parsed.colors.primary).toBe('#abcdef');
    expect(parsed.socialIcons[0].link).toBe('mailto:Hi@Example.com');
  });

  it('reads broken stored JSON as the defaults', () => {
    expect(readStoredThemeSettings('{nope')).toEqual(DEFAULT_THEME_SETTINGS);
    expect(readStoredThemeSettings(JSON.stringify({ colors: { primary: 'red' } }))).toEqual(
      DEFAULT_THEME_SETTINGS,
    );
  });
});

describe('fonts', () => {
  it('has the whole catalogue (SPEC §9: over 1200)', () => {
    expect(FONT_CATALOGUE.length).toBe(1908);
    expect(findFont('Roboto')?.category).toBe('sans-serif');
    expect(findFont('roboto')).toBeUndefined();
  });

  it('declares a variant as a font of our own origin', () => {
    expect(parseVariant('regular')).toEqual({ weight: 400, italic: false });
    expect(parseVariant('700italic')).toEqual({ weight: 700, italic: true });
    expect(fontFaceCss({ family: 'Open Sans', subset: 'latin-ext', variant: '700italic' })).toBe(
      '@font-face{font-family:"Open Sans";font-style:italic;font-weight:700;font-display:swap;' +
        'src:url(/fonts/open-sans/latin-ext-700-italic.woff2) format("woff2")}',
    );
    expect(
      fontFaceCss({ family: 'Comic Sans MS', subset: 'latin', variant: 'regular' }),
    ).toBeNull();
  });
});

describe('themeCssVariables', () => {
  it('gives the default look', () => {
    const vars = themeCssVariables(DEFAULT_THEME_SETTINGS);
    expect(vars['--primary']).toBe('#fd1056');
    expect(vars['--on-primary']).toBe('#ffffff');
    expect(vars['--page-background']).toBe('#f5f5f7');
    expect(vars['--radius']).toBe('8px');
    expect(vars['--font-family']).toContain('system-ui');
    expect(themeFontFace(DEFAULT_THEME_SETTINGS)).toBeNull();
  });

  it('maps corner, button, card, density, size and font', () => {
    const vars = themeCssVariables(
      settings({
        colors: { primary: '#ffeb3b' },
        corner: 'round',
        button: { style: 'outlined', radius: 30 },
        card: { style: 'outlined', radius: 0 },
        density: 'dense',
        size: 'large',
        font: { family: 'Lora', subset: 'latin', variant: 'regular' },
        logo: { size: 120 },
      }),
    );
    expect(vars).toMatchObject({
      '--on-primary': '#111827',
      '--radius': '24px',
      '--button-radius': '30px',
      '--button-bg': 'transparent',
      '--button-color': '#ffeb3b',
      '--button-border': '2px solid #ffeb3b',
      '--card-radius': '0px',
      '--card-shadow': 'none',
      '--space': '14px',
      '--font-size': '18px',
      '--logo-size': '120px',
    });
    expect(vars['--font-family']).toMatch(/^"Lora", Georgia, serif/);
  });

  it('builds gradient and image backgrounds with the overlay', () => {
    const gradient = themeCssVariables(
      settings({
        background: {
          type: 'gradient',
          overlay: 0.5,
          gradient: { angle: 45, from: '#ffffff', to: '#000000' },
        },
      }),
    );
    expect(gradient['--page-background']).toBe(
      'linear-gradient(rgba(0,0,0,0.50),rgba(0,0,0,0.50)),linear-gradient(45deg,#ffffff,#000000)',
    );
    expect(gradient['--page-text']).toBe('#f9fafb');
    const image = themeCssVariables(
      settings({ background: { type: 'image', imageMediaId: '01HZY8Q4J8M7V0K2T3R5N6P7QA' } }),
    );
    expect(image['--page-background']).toBe(
      'url("/api/file/01HZY8Q4J8M7V0K2T3R5N6P7QA") center/cover no-repeat #f5f5f7',
    );
    // An image background without an image is its colour.
    expect(
      themeCssVariables(settings({ background: { type: 'image' } }))['--page-background'],
    ).toBe('#f5f5f7');
  });

  it('writes a :root block and per-icon variables', () => {
    expect(cssVariablesBlock({ '--a': '1', '--b': 'x' })).toBe(':root{--a:1;--b:x}');
    const [icon] = settings({
      socialIcons: [
        { type: 'youtube', link: 'https://y.example', style: 'outlined', size: 30, radius: 50 },
      ],
    }).socialIcons;
    expect(socialIconVariables(icon)).toMatchObject({
      '--si-size': '30px',
      '--si-radius': '15px',
      '--si-bg': 'transparent',
      '--si-color': '#fd1056',
    });
  });
});
