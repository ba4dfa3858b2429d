// A button that copies one value to the clipboard and shows a tick for two seconds.
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useNotify, useTranslate } from 'react-admin';

export function CopyButton({
  value,
  label = 'app.qr_codes.copy',
  testId,
  onUnavailable,
}: {
  value: string;
  /** What is copied, for screen readers ("Copy the record's value"). */
  label?: string;
  testId?: string;
  /** Without a clipboard (plain http): what to do instead of the notice, e.g. select the text. */
  onUnavailable?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Plain http (a LAN install) has no clipboard API.
      if (onUnavailable) onUnavailable();
      else notify('app.pages.copy_failed', { type: 'warning' });
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Tooltip title={translate(isCopied ? 'app.qr_codes.copied' : label)}>
      <IconButton
        size="small"
        onClick={() => void copy()}
        aria-label={translate(label)}
        data-testid={testId}
      >
        {isCopied ? <CheckIcon fontSize="small" color="success" /> : <CopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
