// Duplicate and trash, each after a confirmation.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useDataProvider, useRedirect, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { useQrNotify } from '../useNotifications';
import { qrCodePath } from './QrCodeTabs';

export function QrCodeActions({ pid, id, name }: { pid: string; id: string; name: string }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  const translate = useTranslate();
  const { success, failure } = useQrNotify();
  const meta = { projectId: pid };
  return (
    <>
      <ConfirmActionButton
        label={translate('app.qr_codes.duplicate')}
        icon={<ContentCopyIcon />}
        title="app.qr_codes.duplicate_title"
        content="app.qr_codes.duplicate_content"
        titleArgs={{ name }}
        testId="qr-duplicate"
        onConfirm={async () => {
          const { data } = await dataProvider.duplicate('qr-codes', { id, meta });
          success('qr_code', 'duplicated');
          redirect(qrCodePath(pid, String(data.id)));
        }}
        onFailure={(error) => failure('qr_code', 'duplicating', error)}
      />
      <ConfirmActionButton
        label={translate('app.qr_codes.trash')}
        icon={<DeleteIcon />}
        color="error"
        title="app.qr_codes.trash_title"
        content="app.qr_codes.trash_content"
        titleArgs={{ name }}
        testId="qr-trash"
        onConfirm={async () => {
          await dataProvider.trash('qr-codes', { id, meta });
          success('qr_code', 'trashed');
          redirect(`/projects/${pid}/qr-codes`);
        }}
        onFailure={(error) => failure('qr_code', 'trashing', error)}
      />
    </>
  );
}
