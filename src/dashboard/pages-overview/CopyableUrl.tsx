// A scan URL as a link with a copy button.
import { useState } from 'react';
import { IconButton, Link, Stack, Tooltip } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useNotify, useTranslate } from 'react-admin';

export function CopyableUrl({ url }: { url: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Plain http (a LAN install) has no clipboard API.
      notify('app.pages.copy_failed', { type: 'warning' });
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        data-testid="page-scan-url"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
      >
        {url}
      </Link>
      <Tooltip title={translate(isCopied ? 'app.qr_codes.copied' : 'app.qr_codes.copy')}>
        <IconButton
          size="small"
          onClick={() => void copy()}
          aria-label={translate('app.qr_codes.copy')}
          data-testid="page-scan-url-copy"
        >
          {isCopied ? (
            <CheckIcon fontSize="small" color="success" />
          ) : (
            <CopyIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
