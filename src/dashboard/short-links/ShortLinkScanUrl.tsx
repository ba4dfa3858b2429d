// A short link's full URL with a copy button; compact in list rows.
import { useState } from 'react';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { UrlLink } from '../common/UrlLink';

export function ShortLinkScanUrl({ url, isCompact = false }: { url: string; isCompact?: boolean }) {
  const translate = useTranslate();
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Plain http (a LAN install) has no clipboard API: fall back to the browser's prompt.
      window.prompt(translate('app.short_links.copy_manually'), url);
    }
  };
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {!isCompact && (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.short-links.fields.scanUrl')}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <UrlLink
          url={url}
          variant={isCompact ? 'body2' : 'body1'}
          // In a list row the row's own click would open the link's details.
          onClick={(event) => event.stopPropagation()}
          testId="short-link-scan-url"
        />
        <Tooltip title={translate(isCopied ? 'app.short_links.copied' : 'app.short_links.copy')}>
          <IconButton
            size="small"
            onClick={(event) => {
              // In a list row the row's own click would open the link's details.
              event.stopPropagation();
              void copy();
            }}
            aria-label={translate('app.short_links.copy')}
            data-testid="short-link-copy"
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
