// /projects/:pid/qrcodes/template/toevoegen: a new named design.
import { Create, SimpleForm, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DEFAULT_QR_DESIGN } from '../../shared/schemas/qrCode';
import { useQrNotify } from '../useNotifications';
import { templatePaths } from './paths';
import { QrCodeTemplateInputs, validateTemplate } from './QrCodeTemplateInputs';

export function QrCodeTemplateCreate() {
  const { pid = '' } = useParams();
  const { success, failure } = useQrNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="qr-code-templates"
      transform={(data: Record<string, unknown>) => ({ name: data.name, design: data.design })}
      mutationOptions={{
        meta: { projectId: pid },
        // Our own onSuccess replaces react-admin's, redirect included.
        onSuccess: (data: { id: string }) => {
          success('template', 'created');
          redirect(templatePaths.detailsEdit(pid, String(data.id)));
        },
        onError: (error: unknown) => failure('template', 'creating', error, true),
      }}
    >
      <SimpleForm
        validate={validateTemplate}
        mode="onChange"
        defaultValues={{ name: '', design: DEFAULT_QR_DESIGN }}
      >
        <QrCodeTemplateInputs pid={pid} />
      </SimpleForm>
    </Create>
  );
}
QrCodeTemplateCreate.path = '/projects/:pid/qrcodes/template/toevoegen';
