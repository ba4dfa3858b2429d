// A tab whose screen is not built yet (advertisements): says so, in the user's language.
import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';

export function QrCodePlaceholder({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Card data-testid="qr-tab-coming-soon">
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="h6" gutterBottom>
          {translate('app.coming_soon.title')}
        </Typography>
        <Typography color="text.secondary">{translate(message)}</Typography>
      </CardContent>
    </Card>
  );
}
