// A scan URL as a link with a copy button.
import { Stack } from '@mui/material';
import { CopyButton } from '../common/CopyButton';
import { UrlLink } from '../common/UrlLink';

export function CopyableUrl({ url }: { url: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <UrlLink url={url} variant="body2" testId="page-scan-url" />
      <CopyButton value={url} testId="page-scan-url-copy" />
    </Stack>
  );
}
