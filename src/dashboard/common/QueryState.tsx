// What a card shows of its query while it loads, or when it failed.
import { Alert, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

export function QueryState({
  isPending,
  isError,
  error,
}: {
  isPending: boolean;
  isError: boolean;
  /** The translation key of the failure. */
  error: string;
}) {
  const translate = useTranslate();
  return (
    <>
      {isPending && <LinearProgress />}
      {isError && <Alert severity="error">{translate(error)}</Alert>}
    </>
  );
}
