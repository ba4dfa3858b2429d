// /projects/:pid/qr-link/:id/details/edit, with its tags under the form, duplicate and delete at
// the top.
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Divider } from '@mui/material';
import {
  SimpleForm,
  useDataProvider,
  useRecordContext,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { LabelsInput } from '../labels/LabelsInput';
import { useRecordWithoutLabels, type RecordWithLabels } from '../labels/useRecordWithoutLabels';
import { ItemStepButton, itemNotices } from '../common/ItemStepButton';
import { ActionInputs } from './ActionInputs';
import { SaveCancelToolbar } from '../common/SaveCancelToolbar';
import { ActionTabs } from './ActionTabs';
import { ActionSimulator } from './ActionSimulator';
import { DestinationWarning } from './DestinationWarning';
import { toActionInput, toFormValues, validateAction } from './actionForm';
import { actionPaths } from './actionPaths';
import { ACTION_WORD, useResultNotify } from '../useNotifications';

export function ActionTopActions({ projectId }: { projectId: string }) {
  const record = useRecordContext<{ id: string; name: string }>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  const notices = itemNotices(useResultNotify(), ACTION_WORD);
  if (!record) return null;
  const item = { keys: 'app.actions', name: record.name, testIds: 'action', notices };
  const meta = { projectId };
  return (
    <>
      <ItemStepButton
        item={item}
        step="duplicate"
        run={() => dataProvider.duplicate('actions', { id: record.id, meta })}
        then={({ data }) => redirect(actionPaths.detailsEdit(projectId, String(data.id)))}
      />
      <ItemStepButton
        item={item}
        step="delete"
        label="ra.action.delete"
        run={() => dataProvider.delete('actions', { id: record.id, previousData: record, meta })}
        then={() => redirect(actionPaths.overview(projectId))}
      />
    </>
  );
}

function ActionTitle() {
  const record = useRecordContext<{ name?: string }>();
  const translate = useTranslate();
  return <>{translate('app.actions.edit_title', { name: record?.name ?? '' })}</>;
}

/**
 * The form gets the loaded Action with defaults filled and its rich text sanitised. Its tags stay
 * out of the form: they save on their own (LabelsInput), and the refetch after a tag change must
 * not reset what is being typed.
 */
function ActionEditForm({ projectId }: { projectId: string }) {
  const { record, formRecord } = useRecordWithoutLabels<RecordWithLabels>();
  const values = useMemo(() => (formRecord ? toFormValues(formRecord) : undefined), [formRecord]);
  if (!record || !values) return null;
  return (
    <SimpleForm
      record={values as RaRecord}
      validate={validateAction}
      mode="onChange"
      toolbar={<SaveCancelToolbar cancelTo={actionPaths.overview(projectId)} testIds="action" />}
      data-testid="action-form"
    >
      <ActionInputs />
      <Divider sx={{ my: 2, width: '100%' }} />
      <Box sx={{ width: '100%' }}>
        <LabelsInput
          itemType="action"
          itemId={String(record.id)}
          projectId={projectId}
          labels={record.labels ?? []}
        />
      </Box>
    </SimpleForm>
  );
}

export function ActionEdit() {
  const { pid = '', id = '' } = useParams();
  const { success, failure } = useResultNotify();
  return (
    <>
      <ActionTabs projectId={pid} id={id} />
      <DestinationWarning projectId={pid} actionId={id} />
      <ProjectRecordEdit
        resource="actions"
        pid={pid}
        id={id}
        title={<ActionTitle />}
        actions={<ActionTopActions projectId={pid} />}
        transform={(data) => toActionInput(data)}
        onSaved={() => success(ACTION_WORD, 'updated')}
        onSaveError={(error) => failure(ACTION_WORD, 'updating', error, true)}
      >
        <ActionEditForm projectId={pid} />
      </ProjectRecordEdit>
      <ActionSimulator projectId={pid} id={id} />
    </>
  );
}
