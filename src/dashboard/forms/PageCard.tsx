// A page whose content is one card headed by its title: the window title and the card's h1 say
// the same, so the heading and the tab never disagree.
import type { ReactNode } from 'react';
import { Card, CardContent, Typography, type SxProps, type Theme } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export function PageCard({
  title,
  intro,
  sx,
  children,
}: {
  /** Translation key of the page's title. */
  title: string;
  /** Translation key of the line under the heading. */
  intro?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card sx={sx}>
      <Title title={translate(title)} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate(title)}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(intro)}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
