// /projects/:pid/tags (labelOverview): the project's tags with how many items carry each.
import { Link, useParams } from 'react-router-dom';
import { Box, Button as MuiButton, Card, CardContent, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  DateField,
  List,
  NumberField,
  SearchInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Label } from '../../shared/schemas/label';
import { chipSx } from './labelColors';
import { labelPaths } from './labelPaths';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function CreateLabelButton({
  pid,
  variant = 'contained',
}: {
  pid: string;
  variant?: 'contained' | 'text';
}) {
  const translate = useTranslate();
  return (
    <MuiButton
      component={Link}
      to={labelPaths.add(pid)}
      startIcon={<AddIcon />}
      variant={variant}
      size="small"
      data-testid="label-create"
    >
      {translate('app.labels.create')}
    </MuiButton>
  );
}

function NameChip() {
  const record = useRecordContext<Label>();
  if (!record) return null;
  return <Chip size="small" label={record.name} sx={chipSx(record)} data-testid="label-chip" />;
}

function Empty({ pid }: { pid: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, width: '100%' }} data-testid="label-list-empty">
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Typography variant="h6" gutterBottom>
          {translate('app.labels.empty_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.labels.empty_message')}
        </Typography>
        <CreateLabelButton pid={pid} />
      </CardContent>
    </Card>
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
        <NumberField source="itemCount" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        <DateField source="updatedAt" showTime />
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
