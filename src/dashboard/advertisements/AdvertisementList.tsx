// /projects/:pid/ads (advertisementOverview): name, image thumbnail, display time in seconds and
// how many QR codes show each advertisement.
import { useParams } from 'react-router-dom';
import { Avatar } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { DataTable, SearchInput, useLocale, useRecordContext, useTranslate } from 'react-admin';
import type { Advertisement } from '../../shared/schemas/advertisement';
import { adPaths } from './adPaths';
import { ProjectItemList } from '../common/ProjectItemList';
import { CountColumn, UpdatedAtColumn } from '../common/ItemColumns';

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

export function AdvertisementList() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  return (
    <ProjectItemList
      resource="advertisements"
      pid={pid}
      title={translate('app.advertisements.overview_title')}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      create={{ to: adPaths.add(pid), label: 'app.advertisements.create', testId: 'ad-create' }}
      empty={{
        title: 'app.advertisements.empty',
        message: 'app.advertisements.empty_help',
        testId: 'ad-list-empty',
      }}
      rowClick={(id) => adPaths.detailsEdit(pid, id)}
      testId="ad-list"
    >
      <DataTable.Col source="image" disableSort>
        <ThumbnailField />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <DataTable.Col source="displayTimeMs" align="right">
        <DisplayTimeField />
      </DataTable.Col>
      <CountColumn source="qrCodeCount" disableSort />
      <UpdatedAtColumn />
    </ProjectItemList>
  );
}
