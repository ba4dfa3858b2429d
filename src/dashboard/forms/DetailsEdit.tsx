// The details form of a customer or a user: saved in place (no redirect, nothing shown as saved
// before the server agrees), with the shell's notices, and a delete button opposite the save
// button.
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRedirect,
  type ValidateForm,
} from 'react-admin';
import { useResultNotify } from '../useNotifications';

type RecordWord = 'customer' | 'user';

export function DetailsEdit({
  resource,
  id,
  word,
  transform,
  validate,
  toolbar,
  children,
}: {
  resource: string;
  id: string;
  /** The record's word in the notices. */
  word: RecordWord;
  /** The body the API takes, from the form's values. */
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  validate: ValidateForm;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  const { success, failure } = useResultNotify();
  return (
    <Edit
      resource={resource}
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      actions={false}
      transform={transform}
      mutationOptions={{
        onSuccess: () => success(word, 'updated'),
        onError: (error: unknown) => failure(word, 'updating', error, true),
      }}
    >
      <SimpleForm validate={validate} mode="onChange" toolbar={toolbar}>
        {children}
      </SimpleForm>
    </Edit>
  );
}

/** Save, and (where allowed) delete with a confirmation, then on to `redirectTo`. */
export function SaveDeleteToolbar({
  word,
  redirectTo,
  canDelete = true,
  testId,
}: {
  word: RecordWord;
  redirectTo: string;
  canDelete?: boolean;
  /** data-testid of the delete button. */
  testId?: string;
}) {
  const { success, failure } = useResultNotify();
  const redirect = useRedirect();
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      {canDelete && (
        <DeleteWithConfirmButton
          redirect={redirectTo}
          mutationOptions={{
            onSuccess: () => {
              success(word, 'deleted');
              redirect(redirectTo);
            },
            onError: (error: unknown) => failure(word, 'deleting', error),
          }}
          data-testid={testId}
        />
      )}
    </Toolbar>
  );
}
