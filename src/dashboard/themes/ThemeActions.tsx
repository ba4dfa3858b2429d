// Actions on one theme: set it active (ThemeSetActive, SPEC §4), duplicate it; and its badge.
import { Chip } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, useDataProvider, useRedirect, useTranslate } from 'react-admin';
import type { Theme } from '../../shared/schemas/theme';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { themePaths } from './paths';
import { useHasPermission } from '../useHasPermission';
import { THEME_WORD, useThemeNotify } from '../useNotifications';

export function ActiveBadge() {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="success"
      icon={<CheckIcon />}
      label={translate('app.themes.active')}
      data-testid="theme-active-badge"
    />
  );
}

export function ActivateButton({
  pid,
  theme,
}: {
  pid: string;
  theme: Pick<Theme, 'id' | 'isActive'>;
}) {
  const canActivate = useHasPermission('ThemeSetActive');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { success, failure } = useThemeNotify();
  const [busy, setBusy] = useState(false);
  if (!canActivate || theme.isActive) return null;
  return (
    <Button
      label="app.themes.set_active"
      disabled={busy}
      onClick={async (event) => {
        event.stopPropagation();
        setBusy(true);
        try {
          await dataProvider.activateTheme(pid, theme.id);
          success(THEME_WORD, 'activated');
          await queryClient.invalidateQueries({ queryKey: ['themes'] });
        } catch (error) {
          failure(THEME_WORD, 'activating', error);
        } finally {
          setBusy(false);
        }
      }}
      data-testid={`theme-activate-${theme.id}`}
    >
      <CheckIcon />
    </Button>
  );
}

export function DuplicateButton({ pid, id }: { pid: string; id: string }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  const { success, failure } = useThemeNotify();
  return (
    <Button
      label="app.themes.duplicate"
      onClick={async (event) => {
        event.stopPropagation();
        try {
          const { data } = await dataProvider.duplicate('themes', { id, meta: { projectId: pid } });
          success(THEME_WORD, 'duplicated');
          redirect(themePaths.detailsEdit(pid, String(data.id)));
        } catch (error) {
          failure(THEME_WORD, 'duplicating', error);
        }
      }}
      data-testid={`theme-duplicate-${id}`}
    >
      <CopyIcon />
    </Button>
  );
}
