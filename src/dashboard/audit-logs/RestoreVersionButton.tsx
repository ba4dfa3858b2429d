// "Restore this version" on an audit row (issue 8, part 9): for an edit of a QR code, short link,
// QR link or theme, puts back the fields as they were before it. The server re-applies them as a
// new audited edit, or says why it cannot (the item is gone, the fields no longer pass).
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { useDataProvider, useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import type { AuditLog } from '../../shared/audit';
import type { PermissionKey } from '../../shared/permissions';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import type { DashboardPermissions } from '../providers/authProvider';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { useResultNotify } from '../useNotifications';

const WORDS = 'app.audit_logs.restore_version';

/** The kinds whose edits can be restored, with the key that allows editing them. */
const RESTORABLE: Partial<Record<AuditLog['type'], PermissionKey>> = {
  qr_code: 'QRCodeUpdate',
  short_link: 'ShortLinkUpdate',
  action: 'QRLinkUpdate',
  theme: 'ThemeUpdate',
};

const hasBefore = (changes: AuditLog['changes']) => {
  const before = (changes as { before?: unknown } | null)?.before;
  return typeof before === 'object' && before !== null && Object.keys(before).length > 0;
};

export function RestoreVersionButton({ log }: { log: AuditLog }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // A refusal (422) says the server's reason: the item is gone, or which field no longer passes.
  const { failure } = useResultNotify({ unprocessable: 'api' });
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { permissions } = usePermissions<DashboardPermissions>();
  const key = RESTORABLE[log.type];
  const isRestorable =
    !!key &&
    log.action === 'updated' &&
    hasBefore(log.changes) &&
    !!permissions?.permissionKeys.includes(key);
  if (!isRestorable) return null;
  return (
    <ConfirmActionButton
      label={translate(`${WORDS}.button`)}
      icon={<RestoreIcon />}
      title={`${WORDS}.title`}
      content={`${WORDS}.content`}
      titleArgs={{ name: log.name ?? '' }}
      testId="audit-log-restore"
      onConfirm={async () => {
        await dataProvider.restoreVersion(log.id);
        notify(`${WORDS}.done`, { type: 'success' });
        refresh();
      }}
      onFailure={(error) =>
        failure({ key: `${WORDS}.version` }, { key: `${WORDS}.restoring` }, error)
      }
    />
  );
}
