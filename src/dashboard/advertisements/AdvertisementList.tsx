// /projects/:pid/ads (advertisementOverview): name, image thumbnail, display time in seconds and
// how many QR codes show each advertisement.
import { Link, useParams } from 'react-router-dom';
import { Avatar, Box, Button as MuiButton, Card, CardContent, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import {
  DataTable,
  DateField,
  List,
  NumberField,
  SearchInput,
  TopToolbar,
  useListContext,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Advertisement } from '../../shared/schemas/advertisement';
import { adPaths } from './adPaths';

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
  const translate = useTranslate();
  return (
    <MuiButton
      component={Link}
      to={adPaths.add(projectId)}
      startIcon={<AddIcon />}
      variant="contained"
      size="small"
      data-testid="ad-create"
    >
      {translate('app.advertisements.create')}
    </MuiButton>
  );
}

function Empty({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, width: '100%' }} data-testid="ad-list-empty">
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Typography variant="h6" gutterBottom>
          {translate('app.advertisements.empty')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.advertisements.empty_help')}
        </Typography>
        <CreateAdButton projectId={projectId} />
      </CardContent>
    </Card>
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
        <NumberField source="qrCodeCount" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        <DateField source="updatedAt" showTime />
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
