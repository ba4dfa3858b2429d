// The `<metadata id="qrhub">` the dashboard writes into a QR code's SVG and the server reads for EPS.
import { describe, expect, it } from 'vitest';
import { embedQrMetadata, readQrMetadata } from '../../../src/shared/qrMetadata';
import { DEFAULT_QR_DESIGN, type QrDesign } from '../../../src/shared/schemas/qrCode';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/></svg>';

const design: QrDesign = {
  ...DEFAULT_QR_DESIGN,
  errorCorrectionLevel: 'H',
  dots: {
    type: 'dots',
    color: '#112233',
    gradient: {
      type: 'radial',
      rotation: 45,
      colorStops: [
        { offset: 0, color: '#112233' },
        { offset: 1, color: '#445566' },
      ],
    },
  },
};

describe('QR metadata in the SVG', () => {
  it('round-trips the text and the design', () => {
    const embedded = { text: 'http://localhost:3000/s/Ab3dE9xZ', design };
    const svg = embedQrMetadata(SVG, embedded);
    expect(svg).toMatch(/^<svg [^>]*><metadata id="qrhub">/);
    expect(svg).toContain('<rect width="300" height="300"/>');
    expect(readQrMetadata(svg)).toEqual(embedded);
  });

  it('escapes markup and keeps $ patterns literal', () => {
    const text = 'https://example.com/?a=1&b=<x>&c=$&$1';
    const svg = embedQrMetadata(SVG, { text, design: DEFAULT_QR_DESIGN });
    const metadata = /<metadata id="qrhub">([\s\S]*?)<\/metadata>/.exec(svg)?.[1] ?? '';
    expect(metadata).not.toMatch(/[<>]/);
    expect(metadata).toContain('&amp;b=&lt;x&gt;');
    expect(readQrMetadata(svg)?.text).toBe(text);
  });

  it('replaces earlier metadata instead of adding a second element', () => {
    const once = embedQrMetadata(SVG, { text: 'https://a.example/1', design });
    const twice = embedQrMetadata(once, { text: 'https://a.example/2', design });
    expect(twice.match(/<metadata/g)).toHaveLength(1);
    expect(readQrMetadata(twice)?.text).toBe('https://a.example/2');
  });

  it('reads null from SVGs without valid metadata', () => {
    expect(readQrMetadata(SVG)).toBeNull();
    expect(readQrMetadata('<svg><metadata id="qrhub">not json</metadata></svg>')).toBeNull();
    expect(
      readQrMetadata(
        `<svg><metadata id="qrhub">${JSON.stringify({ text: '', design })}</metadata></svg>`,
      ),
    ).toBeNull();
    expect(
      readQrMetadata(
        `<svg><metadata id="qrhub">${JSON.stringify({ text: 'x', design: { dots: 1 } })}</metadata></svg>`,
      ),
    ).toBeNull();
  });
});
