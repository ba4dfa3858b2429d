// The designer loads on demand (STYLE: heavy parts lazy).
import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { QrDesignerProps } from './QrDesigner';

const QrDesigner = lazy(() => import('./QrDesigner'));

export function LazyQrDesigner(props: QrDesignerProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      }
    >
      <QrDesigner {...props} />
    </Suspense>
  );
}
