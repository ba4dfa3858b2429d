// The "ads" tab of a QR code (/projects/:pid/qr-code/:id/ads): the advertisements a scan of this
// code shows before its Action; link more or unlink (PUT …/qr-codes/{id}/advertisements).
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Advertisement } from '../../shared/schemas/advertisement';
import { LinkedItemsCard } from './LinkedItemsCard';
import { adPaths } from './adPaths';

export function QrCodeAdvertisements({
  projectId,
  qrCodeId,
}: {
  projectId: string;
  qrCodeId: string;
}) {
  const translate = useTranslate();
  const seconds = (ms: number) => translate('app.advertisements.seconds', { seconds: ms / 1000 });
  return (
    <LinkedItemsCard<Advertisement>
      queryKey={['qr-codes', projectId, qrCodeId, 'advertisements']}
      link={{ projectId, qrCodeId }}
      picker={{
        resource: 'advertisements',
        projectId,
        toOption: (record) => ({
          id: String(record.id),
          name: String(record.name ?? ''),
          detail: seconds(Number(record.displayTimeMs ?? 0)),
        }),
        label: translate('app.advertisements.pick_advertisement'),
        testId: 'qr-link-ad',
      }}
      pathOf={(row) => adPaths.detailsEdit(projectId, row.id)}
      nameHeader="resources.advertisements.fields.name"
      columns={[
        {
          header: 'resources.advertisements.fields.displayTimeMs',
          align: 'right',
          cell: (row) => seconds(row.displayTimeMs),
        },
      ]}
      help="app.advertisements.qr_code_ads_help"
      empty="app.advertisements.qr_code_ads_empty"
      // Several ads on one code take turns: say so once there is more than one.
      note={(count) =>
        count > 1 ? (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('app.advertisements.rotation_note')}
          </Alert>
        ) : null
      }
      testIds={{
        card: 'qr-code-ads',
        empty: 'qr-code-ads-empty',
        row: 'qr-code-ad-row',
        unlink: 'qr-unlink-ad',
      }}
    />
  );
}
