// /projects/:pid/qr-link/create[?type=<ActionType>]: opens on the tab of `type` when it is a valid
// kind (the "new page" links ask for a page kind), else on the default one.
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Create, SimpleForm, useRedirect } from 'react-admin';
import { ActionInputs } from './ActionInputs';
import { SaveCancelToolbar } from '../common/SaveCancelToolbar';
import { isActionType } from '../../shared/schemas/action';
import { newActionValues, toActionInput, validateAction } from './actionForm';
import { actionPaths } from './actionPaths';
import { ACTION_WORD, useResultNotify } from '../useNotifications';

export function ActionCreate() {
  const { pid = '' } = useParams();
  const redirect = useRedirect();
  const { success, failure } = useResultNotify();
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const defaultValues = useMemo(
    () => newActionValues(type && isActionType(type) ? type : undefined),
    [type],
  );
  return (
    <Create
      resource="actions"
      title="app.actions.create"
      transform={(data: Record<string, unknown>) => toActionInput(data)}
      mutationOptions={{
        meta: { projectId: pid },
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (data: { id: string }) => {
          success(ACTION_WORD, 'created');
          redirect(actionPaths.detailsEdit(pid, data.id));
        },
        onError: (error: unknown) => failure(ACTION_WORD, 'creating', error, true),
      }}
    >
      <SimpleForm
        validate={validateAction}
        mode="onChange"
        defaultValues={defaultValues}
        toolbar={<SaveCancelToolbar cancelTo={actionPaths.overview(pid)} testIds="action" />}
        data-testid="action-form"
      >
        <ActionInputs />
      </SimpleForm>
    </Create>
  );
}
