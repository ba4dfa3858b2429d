// /projects/:pid/short-links (shortLinkOverview): the project's short links, searched and
// filtered by tag on the server.
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { DataTable, SearchInput, TextField, useRecordContext } from 'react-admin';
import { LocaleNumberField } from '../common/LocaleNumberField';
import type { ShortLink } from '../../shared/schemas/shortLink';
import { ActionLabel } from '../qr-codes/ActionLabel';
import type { QrCodeRecord } from '../qr-codes/types';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter } from '../labels/LabelFilter';
import { BulkTagButton, BulkTrashButton } from '../bulk';
import { ShortLinkScanUrl } from './ShortLinkScanUrl';
import { shortLinkPaths } from './shortLinkPaths';
import { ProjectItemList } from '../common/ProjectItemList';
import { ExportButton } from '../import/ExportButton';

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

export function ShortLinkList() {
  const { pid = '' } = useParams();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <LabelFilter key="labelId" source="labelId" projectId={pid} alwaysOn />,
  ];
  return (
    <ProjectItemList
      resource="short-links"
      pid={pid}
      filters={filters}
      filterKeys={['q', 'labelId']}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <>
          <ExportButton pid={pid} list="short-links" />
        </>
      }
      create={{
        to: shortLinkPaths.add(pid),
        label: 'app.short_links.create',
        testId: 'short-link-create',
        topVariant: 'text',
      }}
      empty={{
        title: 'app.short_links.empty_title',
        message: 'app.short_links.empty_message',
        testId: 'short-link-list-empty',
      }}
      rowClick={(id) => shortLinkPaths.tab(pid, id)}
      bulkActionButtons={
        <>
          <BulkTagButton projectId={pid} itemType="short_link" />
          <BulkTrashButton projectId={pid} />
        </>
      }
      testId="short-link-list"
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
    </ProjectItemList>
  );
}
