// A scan URL as a link with a copy button.
import { Link, Stack } from '@mui/material';
import { CopyButton } from '../common/CopyButton';

export function CopyableUrl({ url }: { url: string }) {
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
      <CopyButton value={url} testId="page-scan-url-copy" />
    </Stack>
  );
}
