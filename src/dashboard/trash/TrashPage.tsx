// /projects/:pid/trash with children qr-codes and short-links (SPEC §2, §4): trashed items, each
// restorable or deletable for good, and the whole trash emptied; every step after a confirmation.
import { Box, Tab, Tabs, Typography } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Link, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import {
  DataTable,
  List,
  SearchInput,
  Title,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { LocaleDateField } from '../common/LocaleDateField';
import { useQueryClient } from '@tanstack/react-query';
import { ItemStepButton, itemNotices } from '../common/ItemStepButton';
import type { DashboardDataProvider } from '../providers/dataProvider';
import type { TrashItemType } from '../short-links/linkApi';
import { useLinkNotify } from '../useNotifications';

export const TRASH_TABS = [
  { path: 'qr-codes', type: 'qr_code' },
  { path: 'short-links', type: 'short_link' },
] as const satisfies readonly { path: string; type: TrashItemType }[];

export const TRASH_ROUTE = '/projects/:pid/trash/*';
export const trashPath = (pid: string, tab: 'qr-codes' | 'short-links' = 'qr-codes') =>
  `/projects/${pid}/trash/${tab}`;

/** A row of GET /projects/{pid}/trash. */
export interface TrashItem {
  id: string;
  type: TrashItemType;
  projectId: string;
  name: string;
  code: string;
  scanUrl: string;
  trashedAt: string;
  createdAt: string;
}

function useAfterChange() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['qr-codes'] });
    await queryClient.invalidateQueries({ queryKey: ['short-links'] });
    refresh();
  };
}

function RowActions({ pid }: { pid: string }) {
  const record = useRecordContext<TrashItem>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const notify = useLinkNotify();
  const afterChange = useAfterChange();
  if (!record) return null;
  const notices = itemNotices(notify, record.type === 'qr_code' ? 'qr_code' : 'short_link');
  const item = { keys: 'app.trash', name: record.name, testIds: 'trash', notices };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
      <ItemStepButton
        item={item}
        step="restore"
        testId={`trash-restore-${record.id}`}
        run={() => dataProvider.restoreFromTrash(pid, record.type, record.id)}
        then={afterChange}
      />
      <ItemStepButton
        item={item}
        step="delete"
        icon={<DeleteForeverIcon />}
        testId={`trash-delete-${record.id}`}
        run={() => dataProvider.deleteFromTrash(pid, record.type, record.id)}
        then={afterChange}
      />
    </Box>
  );
}

function CodeField() {
  const record = useRecordContext<TrashItem>();
  if (!record) return null;
  return (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {record.scanUrl}
    </Typography>
  );
}

function EmptyTrashButton({ pid }: { pid: string }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const notices = itemNotices(useLinkNotify(), 'trash');
  const afterChange = useAfterChange();
  return (
    <ItemStepButton
      item={{ keys: 'app.trash', testIds: 'trash', notices }}
      step="empty"
      run={() => dataProvider.emptyTrash(pid)}
      then={afterChange}
    />
  );
}

function Nothing() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="trash-nothing">
      <Typography color="text.secondary">{translate('app.trash.nothing')}</Typography>
    </Box>
  );
}

function TrashList({ pid, type }: { pid: string; type: TrashItemType }) {
  return (
    <List
      resource="trash"
      filter={{ type }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      queryOptions={{ meta: { projectId: pid } }}
      sort={{ field: 'trashedAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <EmptyTrashButton pid={pid} />
        </TopToolbar>
      }
      storeKey={`trash.${pid}.${type}`}
      disableSyncWithLocation
      title={false}
      empty={false}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<Nothing />}
        data-testid={`trash-list-${type}`}
      >
        <DataTable.Col source="name" />
        <DataTable.Col
          source="scanUrl"
          label={type === 'qr_code' ? 'app.trash.code' : 'app.trash.uri'}
          disableSort
          sx={{ display: { xs: 'none', sm: 'table-cell' } }}
        >
          <CodeField />
        </DataTable.Col>
        <DataTable.Col source="trashedAt" label="app.trash.trashed_at">
          <LocaleDateField source="trashedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" label=" " disableSort align="right">
          <RowActions pid={pid} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export function TrashPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = TRASH_TABS.findIndex((tab) => pathname === trashPath(pid, tab.path));
  return (
    <Box>
      <Title title={translate('app.trash.title')} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('app.trash.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.trash.help')}
      </Typography>
      <Tabs value={current === -1 ? false : current} sx={{ mb: 1 }}>
        {TRASH_TABS.map((tab) => (
          <Tab
            key={tab.path}
            component={Link}
            to={trashPath(pid, tab.path)}
            label={translate(`app.trash.tabs.${tab.type}`)}
            data-testid={`trash-tab-${tab.path}`}
          />
        ))}
      </Tabs>
      <Routes>
        <Route index element={<Navigate to={trashPath(pid)} replace />} />
        {TRASH_TABS.map((tab) => (
          <Route key={tab.path} path={tab.path} element={<TrashList pid={pid} type={tab.type} />} />
        ))}
        <Route path="*" element={<Navigate to={trashPath(pid)} replace />} />
      </Routes>
    </Box>
  );
}
