// /projects/:pid/ads/create (advertisementAdd).
import { useParams } from 'react-router-dom';
import { SimpleForm, useTranslate } from 'react-admin';
import { ProjectRecordCreate } from '../common/ProjectRecordCreate';
import { itemNotices } from '../common/ItemStepButton';
import { AdvertisementInputs } from './AdvertisementInputs';
import { SaveCancelToolbar } from '../common/SaveCancelToolbar';
import { newAdValues, toAdInput, validateAd } from './adForm';
import { adPaths } from './adPaths';
import { AD_WORD, useResultNotify } from '../useNotifications';

export function AdvertisementCreate() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const notices = itemNotices(useResultNotify(), AD_WORD);
  return (
    <ProjectRecordCreate<{ id: string }>
      resource="advertisements"
      pid={pid}
      title={translate('app.advertisements.create_title')}
      transform={(data) => toAdInput(data)}
      notices={notices}
      pathOf={(data) => adPaths.detailsEdit(pid, data.id)}
    >
      <SimpleForm
        validate={validateAd}
        mode="onChange"
        defaultValues={newAdValues()}
        toolbar={<SaveCancelToolbar cancelTo={adPaths.overview(pid)} testIds="ad" />}
        data-testid="ad-form"
      >
        <AdvertisementInputs projectId={pid} />
      </SimpleForm>
    </ProjectRecordCreate>
  );
}
