// /projects/:pid/qrcodes/template/toevoegen: a new named design.
import { SimpleForm } from 'react-admin';
import { ProjectRecordCreate } from '../common/ProjectRecordCreate';
import { itemNotices } from '../common/ItemStepButton';
import { useParams } from 'react-router-dom';
import { DEFAULT_QR_DESIGN } from '../../shared/schemas/qrCode';
import { useQrNotify } from '../useNotifications';
import { templatePaths } from './paths';
import { QrCodeTemplateInputs, validateTemplate } from './QrCodeTemplateInputs';

export function QrCodeTemplateCreate() {
  const { pid = '' } = useParams();
  const notices = itemNotices(useQrNotify(), 'template');
  return (
    <ProjectRecordCreate<{ id: string }>
      resource="qr-code-templates"
      pid={pid}
      transform={(data) => ({ name: data.name, design: data.design })}
      notices={notices}
      pathOf={(data) => templatePaths.detailsEdit(pid, String(data.id))}
    >
      <SimpleForm
        validate={validateTemplate}
        mode="onChange"
        defaultValues={{ name: '', design: DEFAULT_QR_DESIGN }}
      >
        <QrCodeTemplateInputs pid={pid} />
      </SimpleForm>
    </ProjectRecordCreate>
  );
}
QrCodeTemplateCreate.path = '/projects/:pid/qrcodes/template/toevoegen';
