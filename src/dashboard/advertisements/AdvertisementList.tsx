// /projects/:pid/ads (advertisementOverview): name, image thumbnail, display time in seconds and
// how many QR codes show each advertisement.
import { useParams } from 'react-router-dom';
import { Avatar, Box } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import {
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocaleNumberField } from '../common/LocaleNumberField';
import { LocaleDateField } from '../common/LocaleDateField';
import type { Advertisement } from '../../shared/schemas/advertisement';
import { adPaths } from './adPaths';
import { CreateLinkButton } from '../common/CreateLinkButton';
import { ListEmpty } from '../common/ListEmpty';

function ThumbnailField() {
  const record = useRecordContext<Advertisement>();
  if (!record) return null;
  return (
    <Avatar
      variant="rounded"
      src={record.image?.url}
      alt=""
      sx={{ width: 80, height: 40, bgcolor: 'action.hover', color: 'text.secondary' }}
      data-testid="ad-thumbnail"
    >
      <ImageIcon />
    </Avatar>
  );
}

function DisplayTimeField() {
  const record = useRecordContext<Advertisement>();
  const translate = useTranslate();
  const locale = useLocale();
  if (!record) return null;
  const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    record.displayTimeMs / 1000,
  );
  return <span>{translate('app.advertisements.seconds', { seconds })}</span>;
}

function CreateAdButton({ projectId }: { projectId: string }) {
  return (
    <CreateLinkButton
      to={adPaths.add(projectId)}
      label="app.advertisements.create"
      testId="ad-create"
    />
  );
}

function Empty({ projectId }: { projectId: string }) {
  return (
    <ListEmpty
      title="app.advertisements.empty"
      message="app.advertisements.empty_help"
      testId="ad-list-empty"
    >
      <CreateAdButton projectId={projectId} />
    </ListEmpty>
  );
}

function AdTable({ projectId }: { projectId: string }) {
  const { filterValues } = useListContext();
  return (
    <DataTable
      rowClick={(id) => adPaths.detailsEdit(projectId, String(id))}
      bulkActionButtons={false}
      data-testid="ad-list"
      empty={filterValues.q ? undefined : <Empty projectId={projectId} />}
    >
      <DataTable.Col source="image" disableSort>
        <ThumbnailField />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <DataTable.Col source="displayTimeMs" align="right">
        <DisplayTimeField />
      </DataTable.Col>
      <DataTable.Col source="qrCodeCount" align="right" disableSort>
        <LocaleNumberField source="qrCodeCount" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <LocaleDateField source="updatedAt" showTime />
      </DataTable.Col>
    </DataTable>
  );
}

export function AdvertisementList() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  return (
    <Box>
      <List
        resource="advertisements"
        title={translate('app.advertisements.overview_title')}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        queryOptions={{ meta: { projectId: pid } }}
        sort={{ field: 'updatedAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <CreateAdButton projectId={pid} />
          </TopToolbar>
        }
        empty={<Empty projectId={pid} />}
        storeKey={`advertisements.${pid}`}
      >
        <AdTable projectId={pid} />
      </List>
    </Box>
  );
}
