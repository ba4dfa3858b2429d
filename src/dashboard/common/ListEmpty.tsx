// What a list screen shows when the project has none of its records yet (not when a search or
// filter finds nothing): a title, a line of help and the create button.
import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ListEmptyProps {
  /** Translation keys of the title and the optional help line. */
  title: string;
  message?: string;
  /** The create button. */
  children: ReactNode;
  testId?: string;
}

export function ListEmpty({ title, message, children, testId }: ListEmptyProps) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, width: '100%' }} data-testid={testId}>
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Typography variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        {message && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(message)}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
