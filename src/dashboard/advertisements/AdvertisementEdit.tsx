// /projects/:pid/ad/:id/details/edit (advertisementDetailsEdit), with delete at the top.
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import {
  SimpleForm,
  useDataProvider,
  useRecordContext,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';
import type { Advertisement } from '../../shared/schemas/advertisement';
import { ItemStepButton, itemNotices } from '../common/ItemStepButton';
import { AdvertisementInputs } from './AdvertisementInputs';
import { SaveCancelToolbar } from '../common/SaveCancelToolbar';
import { AdvertisementTabs } from './AdvertisementTabs';
import { toAdFormValues, toAdInput, validateAd } from './adForm';
import { adPaths } from './adPaths';
import { AD_WORD, useResultNotify } from '../useNotifications';

function DeleteAdvertisementButton({ projectId }: { projectId: string }) {
  const record = useRecordContext<Advertisement>();
  const dataProvider = useDataProvider();
  const redirect = useRedirect();
  const notices = itemNotices(useResultNotify(), AD_WORD);
  if (!record) return null;
  const meta = { projectId };
  return (
    <ItemStepButton
      item={{ keys: 'app.advertisements', name: record.name, testIds: 'ad', notices }}
      step="delete"
      label="ra.action.delete"
      run={() =>
        dataProvider.delete('advertisements', { id: record.id, previousData: record, meta })
      }
      then={() => redirect(adPaths.overview(projectId))}
    />
  );
}

function AdvertisementEditForm({ projectId }: { projectId: string }) {
  const record = useRecordContext<Advertisement>();
  const values = useMemo(() => (record ? toAdFormValues(record) : undefined), [record]);
  if (!values) return null;
  return (
    <SimpleForm
      record={values as unknown as RaRecord}
      validate={validateAd}
      mode="onChange"
      toolbar={<SaveCancelToolbar cancelTo={adPaths.overview(projectId)} testIds="ad" />}
      data-testid="ad-form"
    >
      <AdvertisementInputs projectId={projectId} />
    </SimpleForm>
  );
}

export function AdvertisementEdit() {
  const { pid = '', id = '' } = useParams();
  const { success, failure } = useResultNotify();
  return (
    <>
      <AdvertisementTabs projectId={pid} id={id} />
      <ProjectRecordEdit
        resource="advertisements"
        pid={pid}
        id={id}
        actions={<DeleteAdvertisementButton projectId={pid} />}
        transform={(data) => toAdInput(data)}
        onSaved={() => success(AD_WORD, 'updated')}
        onSaveError={(error) => failure(AD_WORD, 'updating', error, true)}
      >
        <AdvertisementEditForm projectId={pid} />
      </ProjectRecordEdit>
    </>
  );
}
