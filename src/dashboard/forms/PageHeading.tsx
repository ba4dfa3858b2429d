// The h1 of a page laid out as a column of cards, with the window title: the page's title unless
// the heading names something more precise (the plan being ordered, the order's outcome).
import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export function PageHeading({ title, heading }: { title: string; heading?: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1">
        {heading ?? translate(title)}
      </Typography>
    </>
  );
}
