// Save and Cancel; Cancel leads to advertisementOverview (SPEC §2).
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';
import { adPaths } from './adPaths';

export function AdvertisementFormToolbar({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton data-testid="ad-save" alwaysEnable />
      <Button component={Link} to={adPaths.overview(projectId)} data-testid="ad-cancel">
        {translate('ra.action.cancel')}
      </Button>
    </Toolbar>
  );
}
