// The URL a QR code encodes, with a copy button.
import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CopyButton } from '../common/CopyButton';

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
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="qr-scan-url"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {url}
        </Link>
        <CopyButton value={url} testId="qr-scan-url-copy" onUnavailable={selectUrlText} />
      </Stack>
    </Stack>
  );
}
