// /projects/:pid/ad/:id/qr-codes (advertisementQRCodes): the QR codes that show this ad; link
// more or unlink (PUT …/advertisements/{id}/qr-codes with the full set).
import { useTranslate } from 'react-admin';
import { ItemTabPage } from '../common/ItemTabPage';
import { AdvertisementTabs } from './AdvertisementTabs';
import { LinkedItemsCard } from './LinkedItemsCard';

interface LinkedQrCode {
  id: string;
  name: string;
  code: string;
  scanUrl: string;
}

export function AdvertisementQrCodesCard({ projectId, id }: { projectId: string; id: string }) {
  const translate = useTranslate();
  return (
    <LinkedItemsCard<LinkedQrCode>
      queryKey={['advertisements', projectId, id, 'qr-codes']}
      link={{ projectId, advertisementId: id }}
      picker={{
        resource: 'qr-codes',
        projectId,
        toOption: (record) => ({
          id: String(record.id),
          name: String(record.name ?? ''),
          detail: String(record.code ?? ''),
        }),
        label: translate('app.advertisements.pick_qr_code'),
        testId: 'ad-link-qr',
      }}
      pathOf={(row) => `/projects/${projectId}/qr-code/${row.id}/details/edit`}
      nameHeader="app.advertisements.qr_code_name"
      columns={[
        {
          header: 'app.advertisements.qr_code_url',
          cell: (row) => (
            <a href={row.scanUrl} target="_blank" rel="noopener noreferrer">
              {row.scanUrl}
            </a>
          ),
        },
      ]}
      help="app.advertisements.qr_codes_help"
      empty="app.advertisements.qr_codes_empty"
      testIds={{
        card: 'ad-qr-codes',
        empty: 'ad-qr-codes-empty',
        row: 'ad-qr-code-row',
        unlink: 'ad-unlink-qr',
      }}
    />
  );
}

export function AdvertisementQrCodes() {
  return (
    <ItemTabPage title="app.advertisements.page_tabs.qr_codes" Tabs={AdvertisementTabs}>
      {(projectId, id) => <AdvertisementQrCodesCard projectId={projectId} id={id} />}
    </ItemTabPage>
  );
}
