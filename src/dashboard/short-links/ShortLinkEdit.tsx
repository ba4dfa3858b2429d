// /projects/:pid/short-links/:id/details/edit (shortLinkDetailsEdit): uri, name, description and
// tags; the full URL with copy, the link as a QR code; duplicate and trash at the top.
import { Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { shortLinkInputSchema, type ShortLink } from '../../shared/schemas/shortLink';
import { ProjectItemEdit } from '../qr-codes/ProjectItemEdit';
import { uriAwareValidate } from './ShortLinkCreate';
import { ShortLinkQrCode } from './ShortLinkQrCode';
import { ShortLinkScanUrl } from './ShortLinkScanUrl';
import { ShortLinkUriInput } from './ShortLinkUriInput';
import { useLinkNotify } from '../useNotifications';
import { itemNotices } from '../common/ItemStepButton';

const validateEdit = uriAwareValidate(
  shortLinkInputSchema.pick({ uri: true, name: true, description: true }),
);

export function ShortLinkEdit({ pid, id }: { pid: string; id: string }) {
  const notices = itemNotices(useLinkNotify(), 'short_link');
  const translate = useTranslate();
  return (
    <ProjectItemEdit<ShortLink>
      resource="short-links"
      pid={pid}
      id={id}
      transform={(data) => ({
        uri: typeof data.uri === 'string' ? data.uri.trim() : data.uri,
        name: data.name,
        description: data.description || null,
      })}
      validate={validateEdit}
      notices={notices}
      saveTestId="short-link-save"
      fields={(record) => (
        <>
          <ShortLinkUriInput
            projectId={pid}
            scanBase={record.scanUrl.slice(0, record.scanUrl.length - record.uri.length)}
          />
          <TextInput
            source="name"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'short-link-name-input' } }}
          />
        </>
      )}
      cardTop={(record) => <ShortLinkScanUrl url={record.scanUrl} />}
      cardBottom={(record) => (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('app.short_links.scans_total', { smart_count: record.scans })}
          </Typography>
          <ShortLinkQrCode
            projectId={pid}
            id={String(record.id)}
            name={record.name}
            url={record.scanUrl}
          />
        </>
      )}
    />
  );
}
