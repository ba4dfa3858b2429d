// A URL as a link that opens in a new tab, in monospace so that look-alike characters differ.
import type { MouseEventHandler } from 'react';
import { Link, type LinkProps } from '@mui/material';

export function UrlLink({
  url,
  testId,
  variant,
  onClick,
}: {
  url: string;
  testId: string;
  variant?: LinkProps['variant'];
  onClick?: MouseEventHandler;
}) {
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant={variant}
      onClick={onClick}
      data-testid={testId}
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
    >
      {url}
    </Link>
  );
}
