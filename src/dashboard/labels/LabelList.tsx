// /projects/:pid/tags (labelOverview): the project's tags with how many items carry each.
import { useParams } from 'react-router-dom';
import { Chip } from '@mui/material';
import { DataTable, SearchInput, useRecordContext } from 'react-admin';
import type { Label } from '../../shared/schemas/label';
import { chipSx } from './labelColors';
import { labelPaths } from './labelPaths';
import { ProjectItemList } from '../common/ProjectItemList';
import { ExportButton } from '../import/ExportButton';
import { CountColumn, UpdatedAtColumn } from '../common/ItemColumns';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function NameChip() {
  const record = useRecordContext<Label>();
  if (!record) return null;
  return <Chip size="small" label={record.name} sx={chipSx(record)} data-testid="label-chip" />;
}

export function LabelList() {
  const { pid = '' } = useParams();
  return (
    <ProjectItemList
      resource="labels"
      pid={pid}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <>
          <ExportButton pid={pid} list="labels" />
        </>
      }
      create={{
        to: labelPaths.add(pid),
        label: 'app.labels.create',
        testId: 'label-create',
        topVariant: 'text',
      }}
      empty={{
        title: 'app.labels.empty_title',
        message: 'app.labels.empty_message',
        testId: 'label-list-empty',
      }}
      rowClick={(id) => labelPaths.detailsEdit(pid, id)}
      testId="label-list"
    >
      <DataTable.Col source="name">
        <NameChip />
      </DataTable.Col>
      <CountColumn source="itemCount" disableSort />
      <UpdatedAtColumn shownFrom="sm" />
    </ProjectItemList>
  );
}
