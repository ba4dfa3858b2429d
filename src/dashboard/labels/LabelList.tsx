// /projects/:pid/tags (labelOverview): the project's tags with how many items carry each.
import { useParams } from 'react-router-dom';
import { Box, Chip } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { LocaleNumberField } from '../common/LocaleNumberField';
import { LocaleDateField } from '../common/LocaleDateField';
import type { Label } from '../../shared/schemas/label';
import { chipSx } from './labelColors';
import { labelPaths } from './labelPaths';
import { CreateLinkButton } from '../common/CreateLinkButton';
import { ListEmpty } from '../common/ListEmpty';
import { ExportButton } from '../import/ExportButton';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function CreateLabelButton({
  pid,
  variant = 'contained',
}: {
  pid: string;
  variant?: 'contained' | 'text';
}) {
  return (
    <CreateLinkButton
      to={labelPaths.add(pid)}
      label="app.labels.create"
      testId="label-create"
      variant={variant}
    />
  );
}

function NameChip() {
  const record = useRecordContext<Label>();
  if (!record) return null;
  return <Chip size="small" label={record.name} sx={chipSx(record)} data-testid="label-chip" />;
}

function Empty({ pid }: { pid: string }) {
  return (
    <ListEmpty
      title="app.labels.empty_title"
      message="app.labels.empty_message"
      testId="label-list-empty"
    >
      <CreateLabelButton pid={pid} />
    </ListEmpty>
  );
}

function LabelTable({ pid }: { pid: string }) {
  const { filterValues } = useListContext();
  return (
    <DataTable
      rowClick={(id) => labelPaths.detailsEdit(pid, String(id))}
      bulkActionButtons={false}
      data-testid="label-list"
      empty={filterValues.q ? undefined : <Empty pid={pid} />}
    >
      <DataTable.Col source="name">
        <NameChip />
      </DataTable.Col>
      <DataTable.Col source="itemCount" align="right" disableSort>
        <LocaleNumberField source="itemCount" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        <LocaleDateField source="updatedAt" showTime />
      </DataTable.Col>
    </DataTable>
  );
}

export function LabelList() {
  const { pid = '' } = useParams();
  return (
    <Box>
      <List
        resource="labels"
        filters={filters}
        queryOptions={{ meta: { projectId: pid } }}
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          <TopToolbar>
            <CreateLabelButton pid={pid} variant="text" />
            <ExportButton pid={pid} list="labels" />
          </TopToolbar>
        }
        empty={<Empty pid={pid} />}
        storeKey={`labels.${pid}`}
      >
        <LabelTable pid={pid} />
      </List>
    </Box>
  );
}
