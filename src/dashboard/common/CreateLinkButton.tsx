// The "new …" button of a list screen: a link to the create route, in the list's top toolbar and
// in its empty state.
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';

export interface CreateLinkButtonProps {
  to: string;
  /** Translation key of the label. */
  label: string;
  testId: string;
  variant?: 'contained' | 'text';
}

export function CreateLinkButton({
  to,
  label,
  testId,
  variant = 'contained',
}: CreateLinkButtonProps) {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={to}
      startIcon={<AddIcon />}
      variant={variant}
      size="small"
      data-testid={testId}
    >
      {translate(label)}
    </Button>
  );
}
