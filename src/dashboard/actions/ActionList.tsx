// /projects/:pid/qr-links ({product}Overview): the project's Actions with search, a type filter and
// a tag filter.
import { useParams } from 'react-router-dom';
import { Box, Stack } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocaleNumberField } from '../common/LocaleNumberField';
import { LocaleDateField } from '../common/LocaleDateField';
import { isActionType } from '../../shared/schemas/action';
import { ACTION_TAB_ORDER, ACTION_TYPE_ICONS, typeLabelKey } from './actionTypes';
import { actionPaths } from './actionPaths';
import { DestinationFailingBadge } from './DestinationWarning';
import { BulkTagButton } from '../bulk';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter } from '../labels/LabelFilter';
import { CreateLinkButton } from '../common/CreateLinkButton';
import { ListEmpty } from '../common/ListEmpty';
import { ExportButton } from '../import/ExportButton';

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

function CreateActionButton({ projectId }: { projectId: string }) {
  return (
    <CreateLinkButton
      to={actionPaths.add(projectId)}
      label="app.actions.create"
      testId="action-create"
    />
  );
}

function Empty({ projectId }: { projectId: string }) {
  return (
    <ListEmpty title="app.actions.empty" testId="action-list-empty">
      <CreateActionButton projectId={projectId} />
    </ListEmpty>
  );
}

function ActionTable({ projectId }: { projectId: string }) {
  const { filterValues } = useListContext();
  const filtered = !!filterValues.q || !!filterValues.objectType || !!filterValues.labelId;
  return (
    <DataTable
      rowClick={(id) => actionPaths.detailsEdit(projectId, String(id))}
      bulkActionButtons={<BulkTagButton projectId={projectId} itemType="action" />}
      data-testid="action-list"
      empty={filtered ? undefined : <Empty projectId={projectId} />}
    >
      <DataTable.Col source="name">
        <NameWithHealth />
      </DataTable.Col>
      <DataTable.Col source="objectType">
        <TypeField />
      </DataTable.Col>
      <DataTable.Col
        source="labels"
        label="resources.qr-codes.fields.labels"
        disableSort
        sx={{ display: { xs: 'none', md: 'table-cell' } }}
      >
        {/* The API answers each Action with its tags; a chip's click filters by it. */}
        <LabelChips max={3} />
      </DataTable.Col>
      <DataTable.Col source="qrCodeCount" align="right">
        <LocaleNumberField source="qrCodeCount" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <LocaleDateField source="updatedAt" showTime />
      </DataTable.Col>
    </DataTable>
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
    <Box>
      <List
        resource="actions"
        title={translate('app.actions.overview_title')}
        filters={filters}
        queryOptions={{ meta: { projectId: pid } }}
        sort={{ field: 'updatedAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <CreateActionButton projectId={pid} />
            <ExportButton pid={pid} list="actions" />
          </TopToolbar>
        }
        empty={<Empty projectId={pid} />}
        storeKey={`actions.${pid}`}
      >
        <ActionTable projectId={pid} />
      </List>
    </Box>
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
