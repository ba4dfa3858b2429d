// /projects/:pid/ads/create (advertisementAdd).
import { useParams } from 'react-router-dom';
import { Create, SimpleForm, useRedirect, useTranslate } from 'react-admin';
import { AdvertisementInputs } from './AdvertisementInputs';
import { SaveCancelToolbar } from '../common/SaveCancelToolbar';
import { newAdValues, toAdInput, validateAd } from './adForm';
import { adPaths } from './adPaths';
import { AD_WORD, useResultNotify } from '../useNotifications';

export function AdvertisementCreate() {
  const { pid = '' } = useParams();
  const redirect = useRedirect();
  const translate = useTranslate();
  const { success, failure } = useResultNotify();
  return (
    <Create
      resource="advertisements"
      title={translate('app.advertisements.create_title')}
      transform={(data: Record<string, unknown>) => toAdInput(data)}
      mutationOptions={{
        meta: { projectId: pid },
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (data: { id: string }) => {
          success(AD_WORD, 'created');
          redirect(adPaths.detailsEdit(pid, data.id));
        },
        onError: (error: unknown) => failure(AD_WORD, 'creating', error, true),
      }}
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
    </Create>
  );
}
