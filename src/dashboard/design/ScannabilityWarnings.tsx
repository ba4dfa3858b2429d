// SPEC's design checks, live: too little contrast, light dots on a dark background, a logo larger
// than the error correction can make up for.
import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QrDesign } from '../../shared/schemas/qrCode';
import { scannabilityWarnings } from '../../shared/scannability';

export function ScannabilityWarnings({ design }: { design: QrDesign }) {
  const translate = useTranslate();
  const warnings = scannabilityWarnings(design, design.logo.mediaId !== null);
  if (!warnings.length) return null;
  return (
    <Stack spacing={1} data-testid="qr-warnings" sx={{ width: '100%' }}>
      {warnings.map((warning) => (
        <Alert key={warning} severity="warning" data-testid={`qr-warning-${warning}`}>
          {translate(`app.qr_design.warnings.${warning}`)}
        </Alert>
      ))}
    </Stack>
  );
}
