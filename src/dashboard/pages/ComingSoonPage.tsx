// Placeholder at the real route of a screen that is not built yet.
import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';

export function ComingSoonPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="coming-soon">
      <Title title={translate('app.coming_soon.title')} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.coming_soon.title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.coming_soon.message')}</Typography>
      </CardContent>
    </Card>
  );
}
