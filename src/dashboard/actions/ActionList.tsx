// /projects/:pid/qr-links ({product}Overview): the project's Actions with search, a type filter and
// a tag filter.
import { useParams } from 'react-router-dom';
import { Stack } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { isActionType } from '../../shared/schemas/action';
import { ACTION_TAB_ORDER, ACTION_TYPE_ICONS, typeLabelKey } from './actionTypes';
import { actionPaths } from './actionPaths';
import { DestinationFailingBadge } from './DestinationWarning';
import { BulkTagButton } from '../bulk';
import { LabelFilter } from '../labels/LabelFilter';
import { ProjectItemList } from '../common/ProjectItemList';
import { ExportButton } from '../import/ExportButton';
import { CountColumn, LabelsColumn, UpdatedAtColumn } from '../common/ItemColumns';

function TypeField() {
  const record = useRecordContext<{ objectType: string }>();
  const translate = useTranslate();
  if (!record || !isActionType(record.objectType)) return null;
  const Icon = ACTION_TYPE_ICONS[record.objectType];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" color="action" />
      <span>{translate(typeLabelKey(record.objectType))}</span>
    </Stack>
  );
}

export function ActionList() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="objectType"
      source="objectType"
      alwaysOn
      choices={ACTION_TAB_ORDER.map((type) => ({ id: type, name: translate(typeLabelKey(type)) }))}
      data-testid="action-filter-type"
    />,
    <LabelFilter key="labelId" source="labelId" projectId={pid} alwaysOn />,
  ];
  return (
    <ProjectItemList
      resource="actions"
      pid={pid}
      title={translate('app.actions.overview_title')}
      filters={filters}
      filterKeys={['q', 'objectType', 'labelId']}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      actions={
        <>
          <ExportButton pid={pid} list="actions" />
        </>
      }
      create={{ to: actionPaths.add(pid), label: 'app.actions.create', testId: 'action-create' }}
      empty={{ title: 'app.actions.empty', testId: 'action-list-empty' }}
      rowClick={(id) => actionPaths.detailsEdit(pid, id)}
      bulkActionButtons={<BulkTagButton projectId={pid} itemType="action" />}
      testId="action-list"
    >
      <DataTable.Col source="name">
        <NameWithHealth />
      </DataTable.Col>
      <DataTable.Col source="objectType">
        <TypeField />
      </DataTable.Col>
      <LabelsColumn />
      <CountColumn source="qrCodeCount" />
      <UpdatedAtColumn />
    </ProjectItemList>
  );
}

/** The name, and a badge while the destination fails (issue 16 part 5). */
function NameWithHealth() {
  const record = useRecordContext<{ id: string; name: string }>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <span>{record.name}</span>
      <DestinationFailingBadge record={record} />
    </Stack>
  );
}
