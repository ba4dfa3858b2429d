// A short link as a QR code: a preview and the QR code module's downloads (PNG, SVG, PDF, EPS)
// and scan test, in the plain default design, drawn and gated by the server as a QR code's are.
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DEFAULT_QR_DESIGN } from '../../shared/schemas/qrCode';
import { QrPreview } from '../design/QrPreview';
import { QrDownloadPanel } from '../qr-codes/QrDownloadPanel';

export function ShortLinkQrCode({
  projectId,
  id,
  name,
  url,
}: {
  projectId: string;
  id: string;
  name: string;
  url: string;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} data-testid="short-link-qr">
      <Typography variant="subtitle2">{translate('app.short_links.as_qr_code')}</Typography>
      <Box sx={{ alignSelf: 'flex-start', bgcolor: '#fff', p: 1, borderRadius: 1 }}>
        <QrPreview
          data={url}
          design={DEFAULT_QR_DESIGN}
          size={180}
          testId="short-link-qr-preview"
          label={name}
        />
      </Box>
      <QrDownloadPanel
        stored={{ kind: 'short_link', projectId, id }}
        name={name}
        text={url}
        design={DEFAULT_QR_DESIGN}
      />
    </Stack>
  );
}
