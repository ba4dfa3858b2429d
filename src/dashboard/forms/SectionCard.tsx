// A card in a page's column of cards: an h6 header (optionally a line under it and a button beside
// it) over content that starts right below the header.
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, type SxProps, type Theme } from '@mui/material';

export function SectionCard({
  title,
  subheader,
  action,
  sx,
  contentSx,
  testId,
  children,
}: {
  title: ReactNode;
  subheader?: ReactNode;
  action?: ReactNode;
  sx?: SxProps<Theme>;
  /** Added to the content's own style (no top padding). */
  contentSx?: Record<string, unknown>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card sx={sx} data-testid={testId}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: 'h6' } }}
        action={action}
      />
      <CardContent sx={{ pt: 0, ...contentSx }}>{children}</CardContent>
    </Card>
  );
}
