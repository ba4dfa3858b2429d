// The URL a QR code encodes, with a copy button.
import { useState } from 'react';
import { IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';

export function ScanUrl({ url }: { url: string }) {
  const translate = useTranslate();
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Plain http (a LAN install) has no clipboard API: select the text for a manual copy.
      const range = document.createRange();
      const node = document.querySelector('[data-testid="qr-scan-url"]');
      if (node) {
        range.selectNodeContents(node);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
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
        <Tooltip title={translate(isCopied ? 'app.qr_codes.copied' : 'app.qr_codes.copy')}>
          <IconButton
            size="small"
            onClick={() => void copy()}
            aria-label={translate('app.qr_codes.copy')}
            data-testid="qr-scan-url-copy"
          >
            {isCopied ? (
              <CheckIcon fontSize="small" color="success" />
            ) : (
              <CopyIcon fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
