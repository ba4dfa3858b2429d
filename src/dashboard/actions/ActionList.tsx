// /projects/:pid/qr-links ({product}Overview): the project's Actions with search, a type filter and
// a tag filter.
import { Link, useParams } from 'react-router-dom';
import { Box, Button as MuiButton, Card, CardContent, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  DateField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { isActionType } from '../../shared/schemas/action';
import { ACTION_TAB_ORDER, ACTION_TYPE_ICONS, typeLabelKey } from './actionTypes';
import { actionPaths } from './actionPaths';
import { BulkTagButton } from '../bulk';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter } from '../labels/LabelFilter';

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
  const translate = useTranslate();
  return (
    <MuiButton
      component={Link}
      to={actionPaths.add(projectId)}
      startIcon={<AddIcon />}
      variant="contained"
      size="small"
      data-testid="action-create"
    >
      {translate('app.actions.create')}
    </MuiButton>
  );
}

function Empty({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, width: '100%' }} data-testid="action-list-empty">
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Typography variant="h6" gutterBottom>
          {translate('app.actions.empty')}
        </Typography>
        <CreateActionButton projectId={projectId} />
      </CardContent>
    </Card>
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
      <DataTable.Col source="name" />
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
        <NumberField source="qrCodeCount" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <DateField source="updatedAt" showTime />
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
