// /projects/:pid/qr-link/create[?type=<ActionType>]: opens on the tab of `type` when it is a valid
// kind (the "new page" links ask for a page kind), else on the default one.
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { SimpleForm } from 'react-admin';
import { ProjectRecordCreate } from '../common/ProjectRecordCreate';
import { itemNotices } from '../common/ItemStepButton';
import { ActionInputs } from './ActionInputs';
import { SaveCancelToolbar } from '../common/SaveCancelToolbar';
import { isActionType } from '../../shared/schemas/action';
import { newActionValues, toActionInput, validateAction } from './actionForm';
import { actionPaths } from './actionPaths';
import { ACTION_WORD, useResultNotify } from '../useNotifications';

export function ActionCreate() {
  const { pid = '' } = useParams();
  const notices = itemNotices(useResultNotify(), ACTION_WORD);
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const defaultValues = useMemo(
    () => newActionValues(type && isActionType(type) ? type : undefined),
    [type],
  );
  return (
    <ProjectRecordCreate<{ id: string }>
      resource="actions"
      pid={pid}
      title="app.actions.create"
      transform={(data) => toActionInput(data)}
      notices={notices}
      pathOf={(data) => actionPaths.detailsEdit(pid, data.id)}
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
    </ProjectRecordCreate>
  );
}
