// /projects/:pid/qrcodes/templates: the project's named QR designs.
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { QrPreview } from '../design/QrPreview';
import { normaliseDesign } from '../design/QrDesignInput';
import type { QrCodeTemplateRecord } from '../qr-codes/types';
import { templatePaths } from './paths';
import { templatePreviewText } from './QrCodeTemplateInputs';
import { ListEmpty } from '../common/ListEmpty';
import { ProjectItemList } from '../common/ProjectItemList';
import { UpdatedAtColumn } from '../common/ItemColumns';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function AddButton({ pid, variant }: { pid: string; variant?: 'contained' | 'text' }) {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={templatePaths.add(pid)}
      label={translate('app.qr_templates.create')}
      variant={variant}
      data-testid="template-create"
    >
      <AddIcon />
    </Button>
  );
}

function Thumbnail() {
  const record = useRecordContext<QrCodeTemplateRecord>();
  if (!record) return null;
  return (
    <QrPreview
      data={templatePreviewText()}
      design={normaliseDesign(record.design)}
      size={56}
      type="canvas"
      testId="template-thumbnail"
      label={record.name}
    />
  );
}

function Empty({ pid }: { pid: string }) {
  return (
    <ListEmpty title="app.qr_templates.empty_title" message="app.qr_templates.empty_message">
      <AddButton pid={pid} variant="contained" />
    </ListEmpty>
  );
}

export function QrCodeTemplateList() {
  const { pid = '' } = useParams();
  return (
    <ProjectItemList
      resource="qr-code-templates"
      pid={pid}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<AddButton pid={pid} />}
      empty={<Empty pid={pid} />}
      rowClick={(id) => templatePaths.detailsEdit(pid, id)}
      testId="template-list"
    >
      <DataTable.Col
        source="preview"
        label="resources.qr-code-templates.fields.preview"
        disableSort
      >
        <Thumbnail />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <UpdatedAtColumn />
    </ProjectItemList>
  );
}
QrCodeTemplateList.path = '/projects/:pid/qrcodes/templates';
