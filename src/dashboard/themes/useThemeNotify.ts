// SPEC §8's notices ("{type} successfully {action}", "Something went wrong while {action} {type}")
// for themes.
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { PermissionKey } from '../../shared/permissions';
import { usePermissions } from 'react-admin';
import type { DashboardPermissions } from '../providers/authProvider';

type Done = 'created' | 'saved' | 'duplicated' | 'deleted' | 'activated';
type Doing = 'creating' | 'saving' | 'duplicating' | 'deleting' | 'activating';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

export function useThemeNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const success = useCallback(
    (action: Done, what = 'app.themes.type') => {
      const typeText = translate(what);
      notify('app.notification.success', {
        type: 'success',
        messageArgs: {
          type: typeText.charAt(0).toUpperCase() + typeText.slice(1),
          action: translate(`app.themes.done.${action}`),
        },
      });
    },
    [notify, translate],
  );
  const failure = useCallback(
    (action: Doing, error?: unknown, inForm = false, what = 'app.themes.type') => {
      const status = statusOf(error);
      if (status === 422 && inForm) return;
      if (status === 422) {
        notify('app.notification.validation', { type: 'error' });
        return;
      }
      if (status === 0) {
        notify('app.notification.network_error', { type: 'error' });
        return;
      }
      notify('app.notification.error', {
        type: 'error',
        messageArgs: {
          action: translate(`app.themes.doing.${action}`),
          type: translate(what),
        },
      });
    },
    [notify, translate],
  );
  return { success, failure };
}

/** Whether the logged-in user holds a permission key (screen parts are gated by these, SPEC §6). */
export function useHasPermission(key: PermissionKey): boolean {
  const { permissions } = usePermissions<DashboardPermissions>();
  return !!permissions?.permissionKeys?.includes(key);
}
