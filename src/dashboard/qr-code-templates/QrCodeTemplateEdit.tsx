// /projects/:pid/qrcodes/template/:id/details/edit. Editing a template changes no QR code: applying
// it copied the design.
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { normaliseDesign } from '../design/QrDesignInput';
import { useQrNotify } from '../useNotifications';
import { templatePaths } from './paths';
import { QrCodeTemplateInputs, validateTemplate } from './QrCodeTemplateInputs';

function TemplateDetailsEdit({ pid, id }: { pid: string; id: string }) {
  const { success, failure } = useQrNotify();
  const meta = { projectId: pid };
  return (
    <Edit
      resource="qr-code-templates"
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      queryOptions={{ meta }}
      transform={(data: Record<string, unknown>) => ({
        name: data.name,
        design: normaliseDesign(data.design),
      })}
      mutationOptions={{
        meta,
        onSuccess: () => success('template', 'saved'),
        onError: (error: unknown) => failure('template', 'saving', error, true),
      }}
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
    </Edit>
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
