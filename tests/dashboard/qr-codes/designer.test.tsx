// The designer shows SPEC's scannability warnings live, translated.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithAdmin } from '../helpers';
import QrDesigner from '../../../src/dashboard/design/QrDesigner';
import { DEFAULT_QR_DESIGN, type QrDesign } from '../../../src/shared/schemas/qrCode';
import en from '../../../locales/en.json';
import { maxLogoShare } from '../../../src/shared/qrStyling';

// jsdom has no canvas: the preview is qr-code-styling's business, not this test's.
vi.mock('../../../src/dashboard/design/QrPreview', () => ({
  QrPreview: ({ testId = 'qr-preview' }: { testId?: string }) => <div data-testid={testId} />,
}));

const warnings = en.app.qr_design.warnings;

function Controlled({ initial }: { initial: QrDesign }) {
  const [design, setDesign] = useState(initial);
  return (
    <QrDesigner
      value={design}
      onChange={setDesign}
      data="http://localhost/s/XXXXXXXX"
      projectId="01HZY8Q4J8M7V0K2T3R5N6P7QA"
    />
  );
}

const lowContrast: QrDesign = {
  ...DEFAULT_QR_DESIGN,
  dots: { ...DEFAULT_QR_DESIGN.dots, color: '#cccccc' },
  cornersSquare: { ...DEFAULT_QR_DESIGN.cornersSquare, color: '#cccccc' },
  cornersDot: { ...DEFAULT_QR_DESIGN.cornersDot, color: '#cccccc' },
};

describe('QrDesigner', () => {
  it('shows no warning for the default design', () => {
    renderWithAdmin(<Controlled initial={DEFAULT_QR_DESIGN} />);
    expect(screen.getByTestId('qr-designer')).toBeTruthy();
    expect(screen.queryByTestId('qr-warnings')).toBeNull();
  });

  it('warns about a low-contrast design', async () => {
    renderWithAdmin(<Controlled initial={lowContrast} />);
    const warning = await screen.findByTestId('qr-warning-lowContrast');
    expect(warning.textContent).toContain(warnings.lowContrast);
    expect(screen.queryByTestId('qr-warning-invertedColors')).toBeNull();
  });

  it('warns as soon as the dots colour is typed too light, and stops when fixed', async () => {
    renderWithAdmin(<Controlled initial={DEFAULT_QR_DESIGN} />);
    const hex = await screen.findByTestId('qr-design-dots-color');
    fireEvent.change(hex, { target: { value: '#dddddd' } });
    expect((await screen.findByTestId('qr-warning-lowContrast')).textContent).toContain(
      warnings.lowContrast,
    );
    fireEvent.change(hex, { target: { value: '#000000' } });
    expect(screen.queryByTestId('qr-warning-lowContrast')).toBeNull();
  });

  it('warns about light-on-dark and about a logo too large for the error correction', async () => {
    renderWithAdmin(
      <Controlled
        initial={{
          ...DEFAULT_QR_DESIGN,
          errorCorrectionLevel: 'L',
          dots: { ...DEFAULT_QR_DESIGN.dots, color: '#ffffff' },
          cornersSquare: { ...DEFAULT_QR_DESIGN.cornersSquare, color: '#ffffff' },
          cornersDot: { ...DEFAULT_QR_DESIGN.cornersDot, color: '#ffffff' },
          background: { color: '#000000', gradient: null },
          logo: { ...DEFAULT_QR_DESIGN.logo, mediaId: '01HZY8Q4J8M7V0K2T3R5N6P7QD', size: 0.4 },
        }}
      />,
    );
    expect((await screen.findByTestId('qr-warning-invertedColors')).textContent).toContain(
      warnings.invertedColors,
    );
    expect(screen.getByTestId('qr-warning-logoTooLarge').textContent).toContain(
      warnings.logoTooLarge,
    );
    expect(screen.queryByTestId('qr-warning-lowContrast')).toBeNull();
  });

  it('measures the logo as a share of the width, up to what the level carries', async () => {
    renderWithAdmin(
      <Controlled
        initial={{
          ...DEFAULT_QR_DESIGN,
          errorCorrectionLevel: 'L',
          logo: { ...DEFAULT_QR_DESIGN.logo, mediaId: '01HZY8Q4J8M7V0K2T3R5N6P7QD', size: 0.3 },
        }}
      />,
    );
    fireEvent.click(screen.getByText(en.app.qr_design.logo));
    const slider = (await screen.findByTestId('qr-logo-size')).querySelector('input')!;
    // At L a logo may cover 18 % of the width; a stored 30 % shows (and is drawn) as 18 %.
    expect(slider.getAttribute('aria-valuemax')).toBe(String(Math.round(maxLogoShare('L') * 100)));
    expect(slider.getAttribute('aria-valuenow')).toBe('18');
  });

  it('sets the quiet zone in modules, 4 by default, and warns under 2', async () => {
    renderWithAdmin(<Controlled initial={DEFAULT_QR_DESIGN} />);
    fireEvent.click(screen.getByText(en.app.qr_design.options));
    const slider = (await screen.findByTestId('qr-design-quiet-zone')).querySelector('input')!;
    expect(slider.getAttribute('aria-valuenow')).toBe('4');
    expect(screen.queryByTestId('qr-warning-smallQuietZone')).toBeNull();
    fireEvent.change(slider, { target: { value: '1' } });
    expect((await screen.findByTestId('qr-warning-smallQuietZone')).textContent).toContain(
      warnings.smallQuietZone,
    );
  });
});
