// /projects/:pid/qr-codes: the project's QR codes, paged, searched and filtered by tag on the
// server; bulk tag, ZIP download and trash on the selected rows.
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { LocaleNumberField } from '../common/LocaleNumberField';
import { Link, useParams } from 'react-router-dom';
import { QrPreview } from '../design/QrPreview';
import { normaliseDesign } from '../design/QrDesignInput';
import { LabelFilter } from '../labels/LabelFilter';
import { BulkDownloadButton, BulkTagButton, BulkTrashButton } from '../bulk';
import { ActionLabel } from './ActionLabel';
import type { QrCodeRecord } from './types';
import { ListEmpty } from '../common/ListEmpty';
import { ProjectItemList } from '../common/ProjectItemList';
import { ExportButton } from '../import/ExportButton';
import { LabelsColumn, UpdatedAtColumn } from '../common/ItemColumns';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <LabelFilter key="labelId" source="labelId" alwaysOn />,
];

function CreateQrCodeButton({ pid, variant }: { pid: string; variant?: 'contained' | 'text' }) {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={`/projects/${pid}/qr-code/create/type`}
      label={translate('app.qr_codes.create')}
      variant={variant}
      data-testid="qr-create"
    >
      <AddIcon />
    </Button>
  );
}

function Thumbnail() {
  const record = useRecordContext<QrCodeRecord>();
  if (!record) return null;
  return (
    <QrPreview
      data={record.scanUrl}
      design={normaliseDesign(record.design)}
      size={56}
      type="canvas"
      testId="qr-thumbnail"
      label={record.name}
    />
  );
}

function BulkActions({ pid }: { pid: string }) {
  return (
    <>
      <BulkTagButton projectId={pid} itemType="qr_code" />
      <BulkDownloadButton projectId={pid} />
      <BulkTrashButton projectId={pid} />
    </>
  );
}

function ActionColumn() {
  const record = useRecordContext<QrCodeRecord>();
  return record ? <ActionLabel action={record.action} /> : null;
}

function Empty({ pid }: { pid: string }) {
  return (
    <ListEmpty title="app.qr_codes.empty_title" message="app.qr_codes.empty_message">
      <CreateQrCodeButton pid={pid} variant="contained" />
    </ListEmpty>
  );
}

export function QrCodeList() {
  const { pid = '' } = useParams();
  return (
    <ProjectItemList
      resource="qr-codes"
      pid={pid}
      filters={filters}
      filterKeys={['q', 'labelId']}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      actions={
        <>
          <CreateQrCodeButton pid={pid} />
          <ExportButton pid={pid} list="qr-codes" />
        </>
      }
      empty={<Empty pid={pid} />}
      rowClick={(id) => `/projects/${pid}/qr-code/${id}/details/edit`}
      bulkActionButtons={<BulkActions pid={pid} />}
      testId="qr-code-list"
    >
      <DataTable.Col source="preview" label="resources.qr-codes.fields.preview" disableSort>
        <Thumbnail />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <DataTable.Col source="action" disableSort>
        <ActionColumn />
      </DataTable.Col>
      <LabelsColumn />
      <DataTable.Col source="scans" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        <LocaleNumberField source="scans" />
      </DataTable.Col>
      <UpdatedAtColumn />
    </ProjectItemList>
  );
}
QrCodeList.path = '/projects/:pid/qr-codes';
