// A phone-sized frame around a landing page the scan service renders (the page and theme
// previews): the page drawn at a phone's width, scaled down to fit beside the form.
import type { ReactNode } from 'react';
import { Box, LinearProgress, type SxProps } from '@mui/material';

export const PHONE = { width: 375, height: 740 };

export function PhoneFrame({
  scale,
  sx,
  screenSx,
  children,
}: {
  scale: number;
  /** More of the frame's style. */
  sx?: SxProps;
  /** More of the screen's style. */
  screenSx?: SxProps;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        width: PHONE.width * scale + 20,
        height: PHONE.height * scale + 20,
        p: '10px',
        borderRadius: '36px',
        bgcolor: '#111827',
        boxShadow: 6,
        ...sx,
      }}
    >
      <Box
        sx={{
          width: PHONE.width * scale,
          height: PHONE.height * scale,
          borderRadius: '26px',
          overflow: 'hidden',
          bgcolor: '#fff',
          position: 'relative',
          ...screenSx,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The rendered page, drawn at a phone's width and scaled to the frame. */
export function PhonePage({
  title,
  html,
  sandbox,
  scale,
}: {
  title: string;
  html: string;
  sandbox: string;
  scale: number;
}) {
  return (
    <Box
      component="iframe"
      title={title}
      srcDoc={html}
      sandbox={sandbox}
      sx={{
        border: 0,
        width: PHONE.width,
        height: PHONE.height,
        transform: `scale(${scale})`,
        transformOrigin: '0 0',
        display: 'block',
      }}
    />
  );
}

/** The bar along the screen's top while the page loads. */
export function PhoneLoading() {
  return <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />;
}
