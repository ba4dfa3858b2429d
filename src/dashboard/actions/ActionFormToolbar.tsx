// Save and Cancel; Cancel leads to {product}Overview (SPEC §2).
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';
import { actionPaths } from './actionPaths';

export function ActionFormToolbar({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton data-testid="action-save" alwaysEnable />
      <Button component={Link} to={actionPaths.overview(projectId)} data-testid="action-cancel">
        {translate('ra.action.cancel')}
      </Button>
    </Toolbar>
  );
}
