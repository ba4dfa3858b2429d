// The URL a QR code encodes, with a copy button.
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CopyButton } from '../common/CopyButton';
import { UrlLink } from '../common/UrlLink';

/** Selects the URL's text for a manual copy where the clipboard API is missing. */
function selectUrlText(): void {
  const node = document.querySelector('[data-testid="qr-scan-url"]');
  if (!node) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  window.getSelection()?.removeAllRanges();
  window.getSelection()?.addRange(range);
}

export function ScanUrl({ url }: { url: string }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color="text.secondary">
        {translate('resources.qr-codes.fields.scanUrl')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <UrlLink url={url} testId="qr-scan-url" />
        <CopyButton value={url} testId="qr-scan-url-copy" onUnavailable={selectUrlText} />
      </Stack>
    </Stack>
  );
}
