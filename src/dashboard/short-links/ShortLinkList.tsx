// /projects/:pid/short-links (shortLinkOverview): the project's short links, searched and
// filtered by tag on the server.
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { LocaleNumberField } from '../common/LocaleNumberField';
import type { ShortLink } from '../../shared/schemas/shortLink';
import { ActionLabel } from '../qr-codes/ActionLabel';
import type { QrCodeRecord } from '../qr-codes/types';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter } from '../labels/LabelFilter';
import { BulkTagButton, BulkTrashButton } from '../bulk';
import { ShortLinkScanUrl } from './ShortLinkScanUrl';
import { shortLinkPaths } from './shortLinkPaths';
import { CreateLinkButton } from '../common/CreateLinkButton';
import { ListEmpty } from '../common/ListEmpty';
import { ExportButton } from '../import/ExportButton';

function CreateButton({
  pid,
  variant = 'contained',
}: {
  pid: string;
  variant?: 'contained' | 'text';
}) {
  return (
    <CreateLinkButton
      to={shortLinkPaths.add(pid)}
      label="app.short_links.create"
      testId="short-link-create"
      variant={variant}
    />
  );
}

function UriColumn() {
  const record = useRecordContext<ShortLink>();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {record.uri}
      </Typography>
      <ShortLinkScanUrl url={record.scanUrl} isCompact />
    </Box>
  );
}

function ActionColumn() {
  const record = useRecordContext<ShortLink>();
  // The QR code module's label reads the same { id, name, objectType } summary.
  return record ? <ActionLabel action={record.action as QrCodeRecord['action']} /> : null;
}

function Empty({ pid }: { pid: string }) {
  return (
    <ListEmpty
      title="app.short_links.empty_title"
      message="app.short_links.empty_message"
      testId="short-link-list-empty"
    >
      <CreateButton pid={pid} />
    </ListEmpty>
  );
}

function ShortLinkTable({ pid }: { pid: string }) {
  const { filterValues } = useListContext();
  const isFiltered = !!filterValues.q || !!filterValues.labelId;
  return (
    <DataTable
      rowClick={(id) => shortLinkPaths.tab(pid, String(id))}
      bulkActionButtons={
        <>
          <BulkTagButton projectId={pid} itemType="short_link" />
          <BulkTrashButton projectId={pid} />
        </>
      }
      data-testid="short-link-list"
      empty={isFiltered ? undefined : <Empty pid={pid} />}
    >
      <DataTable.Col source="name">
        <TextField source="name" sx={{ fontWeight: 500 }} />
      </DataTable.Col>
      <DataTable.Col source="uri">
        <UriColumn />
      </DataTable.Col>
      <DataTable.Col source="action" disableSort sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <ActionColumn />
      </DataTable.Col>
      <DataTable.Col source="labels" disableSort sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        <LabelChips />
      </DataTable.Col>
      <DataTable.Col source="scans" align="right" disableSort>
        <LocaleNumberField source="scans" />
      </DataTable.Col>
    </DataTable>
  );
}

export function ShortLinkList() {
  const { pid = '' } = useParams();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <LabelFilter key="labelId" source="labelId" projectId={pid} alwaysOn />,
  ];
  return (
    <Box>
      <List
        resource="short-links"
        filters={filters}
        queryOptions={{ meta: { projectId: pid } }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <CreateButton pid={pid} variant="text" />
            <ExportButton pid={pid} list="short-links" />
          </TopToolbar>
        }
        empty={<Empty pid={pid} />}
        // One list per project: another project's stored filters (a tag id) would not apply.
        storeKey={`short-links.${pid}`}
      >
        <ShortLinkTable pid={pid} />
      </List>
    </Box>
  );
}
