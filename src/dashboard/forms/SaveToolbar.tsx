// The save button of a form that is not a react-admin Edit/Create, on a toolbar flush with the
// fields above it.
import { SaveButton, Toolbar } from 'react-admin';

export function SaveToolbar({
  label,
  alwaysEnable = false,
}: {
  /** Translation key; react-admin's "Save" without it. */
  label?: string;
  /** Also clickable before a change, so a press shows what is missing at the fields. */
  alwaysEnable?: boolean;
}) {
  return (
    <Toolbar sx={{ px: 0 }}>
      <SaveButton label={label} alwaysEnable={alwaysEnable} />
    </Toolbar>
  );
}
