// /projects/:pid/qrcodes/template/:id/details/edit. Editing a template changes no QR code: applying
// it copied the design.
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';
import { Link } from 'react-router-dom';
import { normaliseDesign } from '../design/QrDesignInput';
import { useQrNotify } from '../useNotifications';
import { templatePaths } from './paths';
import { QrCodeTemplateInputs, validateTemplate } from './QrCodeTemplateInputs';

function TemplateDetailsEdit({ pid, id }: { pid: string; id: string }) {
  const { success, failure } = useQrNotify();
  const meta = { projectId: pid };
  return (
    <ProjectRecordEdit
      resource="qr-code-templates"
      pid={pid}
      id={id}
      transform={(data) => ({
        name: data.name,
        design: normaliseDesign(data.design),
      })}
      onSaved={() => success('template', 'saved')}
      onSaveError={(error) => failure('template', 'saving', error, true)}
    >
      <SimpleForm
        validate={validateTemplate}
        mode="onChange"
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton data-testid="template-save" />
            <DeleteButton
              mutationMode="pessimistic"
              mutationOptions={{ meta }}
              redirect={templatePaths.overview(pid)}
              data-testid="template-delete"
            />
          </Toolbar>
        }
      >
        <QrCodeTemplateInputs pid={pid} />
      </SimpleForm>
    </ProjectRecordEdit>
  );
}

export function QrCodeTemplateEdit() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  const detailsPath = templatePaths.detailsEdit(pid, id);
  return (
    <>
      <Tabs value={0} sx={{ mb: 1 }}>
        <Tab
          component={Link}
          to={detailsPath}
          label={translate('app.qr_templates.details')}
          data-testid="template-tab-details"
        />
      </Tabs>
      <Routes>
        <Route path="details/edit" element={<TemplateDetailsEdit pid={pid} id={id} />} />
        <Route path="*" element={<Navigate to={detailsPath} replace />} />
      </Routes>
    </>
  );
}
QrCodeTemplateEdit.path = '/projects/:pid/qrcodes/template/:id/*';
