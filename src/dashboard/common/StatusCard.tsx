// "No access" and "not found" inside the navigated layout: a translated explanation with a way
// back, instead of a form that fails on save, an endless spinner or an empty card (issue 13).
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardContent, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Title, useTranslate } from 'react-admin';

interface StatusCardProps {
  kind: 'no_access' | 'item_not_found';
  /** Where "back" leads: SPEC §2's back target of the screen, else the project list. */
  backTo?: string;
}

export function StatusCard({ kind, backTo = '/projects' }: StatusCardProps) {
  const translate = useTranslate();
  const title = translate(`app.${kind}.title`);
  const Icon = kind === 'no_access' ? BlockIcon : SearchOffIcon;
  return (
    <Card sx={{ mt: 2 }} data-testid={kind === 'no_access' ? 'no-access' : 'item-not-found'}>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <Icon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`app.${kind}.message`)}
        </Typography>
        <Button component={RouterLink} to={backTo} variant="contained">
          {translate(`app.${kind}.back`)}
        </Button>
      </CardContent>
    </Card>
  );
}
