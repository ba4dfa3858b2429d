// A form's Save and Cancel; Cancel leads back to the kind's overview (SPEC §2).
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';

export function SaveCancelToolbar({
  cancelTo,
  testIds,
}: {
  cancelTo: string;
  /** The prefix of the buttons' test ids: `{testIds}-save`, `{testIds}-cancel`. */
  testIds: string;
}) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton data-testid={`${testIds}-save`} alwaysEnable />
      <Button component={Link} to={cancelTo} data-testid={`${testIds}-cancel`}>
        {translate('ra.action.cancel')}
      </Button>
    </Toolbar>
  );
}
