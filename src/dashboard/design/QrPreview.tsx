// A QR code drawn by qr-code-styling from our design: the designer's live preview, the list's
// thumbnails and the wizard's result.
import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import QRCodeStyling from 'qr-code-styling';
import type { QrDesign } from '../../shared/schemas/qrCode';
import { toStylingOptions } from './qrStyling';

export interface QrPreviewProps {
  data: string;
  design: QrDesign;
  size?: number;
  /** Thumbnails draw on a canvas (cheaper in long lists); the preview as SVG (crisp at any zoom). */
  type?: 'svg' | 'canvas';
  testId?: string;
  label?: string;
}

export function QrPreview({
  data,
  design,
  size = 260,
  type = 'svg',
  testId = 'qr-preview',
  label,
}: QrPreviewProps) {
  const container = useRef<HTMLDivElement>(null);
  // A fresh instance per change: qr-code-styling's update() merges options, so a removed
  // gradient or logo would otherwise stay.
  const key = JSON.stringify(design);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const code = new QRCodeStyling(toStylingOptions(JSON.parse(key) as QrDesign, data, size, type));
    element.replaceChildren();
    code.append(element);
    return () => element.replaceChildren();
  }, [key, data, size, type]);
  return (
    <Box
      ref={container}
      data-testid={testId}
      data-text={data}
      role="img"
      aria-label={label ?? data}
      sx={{
        width: size,
        height: size,
        flex: 'none',
        lineHeight: 0,
        '& svg, & canvas': { width: '100%', height: '100%' },
      }}
    />
  );
}
