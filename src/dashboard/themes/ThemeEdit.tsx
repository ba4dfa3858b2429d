// /projects/:pid/theme/:id → details/edit (SPEC §2): the editor of one theme, with set-active,
// duplicate and delete.
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  DeleteButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useDataProvider,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';
import { useFormContext } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import type { Theme } from '../../shared/schemas/theme';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ActivateButton, ActiveBadge, DuplicateButton } from './ThemeActions';
import { toThemeBody } from './ThemeCreate';
import { ThemeInputs, validateTheme } from './ThemeInputs';
import { themePaths } from './paths';
import { useHasPermission } from '../useHasPermission';
import { THEME_WORD, useThemeNotify } from '../useNotifications';

function EditInputs({ pid }: { pid: string }) {
  const record = useRecordContext<Theme>();
  const { setValue } = useFormContext();
  const queryClient = useQueryClient();
  const { success, failure } = useThemeNotify();
  const canDeleteLogo = useHasPermission('ThemeLogoDelete');
  const dataProvider = useDataProvider<DashboardDataProvider>();
  if (!record) return null;
  const deleteLogo = async () => {
    try {
      await dataProvider.deleteThemeLogo(pid, record.id);
      setValue('settings.logo.mediaId', null);
      success({ key: 'app.themes.logo' }, 'deleted');
      await queryClient.invalidateQueries({ queryKey: ['themes'] });
    } catch (error) {
      failure({ key: 'app.themes.logo' }, 'deleting', error);
    }
  };
  return (
    <ThemeInputs
      projectId={pid}
      storedLogo={record.settings.logo.mediaId}
      storedImage={record.settings.background.imageMediaId}
      onDeleteLogo={canDeleteLogo ? deleteLogo : undefined}
    />
  );
}

function EditToolbar({ pid }: { pid: string }) {
  const record = useRecordContext<Theme>();
  const redirect = useRedirect();
  const { success, failure } = useThemeNotify();
  const canDelete = useHasPermission('ThemeDelete');
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <SaveButton data-testid="theme-save" />
        {record &&
          (record.isActive ? <ActiveBadge /> : <ActivateButton pid={pid} theme={record} />)}
        {record && <DuplicateButton pid={pid} id={record.id} />}
      </Box>
      {canDelete && (
        <DeleteButton
          mutationMode="pessimistic"
          mutationOptions={{
            meta: { projectId: pid },
            // Our onSuccess replaces react-admin's redirect, so redirect here.
            onSuccess: () => {
              success(THEME_WORD, 'deleted');
              redirect(themePaths.overview(pid));
            },
            onError: (error: unknown) => failure(THEME_WORD, 'deleting', error),
          }}
          data-testid="theme-delete"
        />
      )}
    </Toolbar>
  );
}

function ThemeDetailsEdit({ pid, id }: { pid: string; id: string }) {
  const { success, failure } = useThemeNotify();
  return (
    <ProjectRecordEdit
      resource="themes"
      pid={pid}
      id={id}
      transform={toThemeBody}
      // The card must not clip, or the preview beside the form cannot stay in view while scrolling.
      sx={{ '& .RaEdit-card': { overflow: 'visible' } }}
      onSaved={() => success(THEME_WORD, 'saved')}
      onSaveError={(error) => failure(THEME_WORD, 'saving', error, true)}
    >
      <SimpleForm validate={validateTheme} mode="onChange" toolbar={<EditToolbar pid={pid} />}>
        <EditInputs pid={pid} />
      </SimpleForm>
    </ProjectRecordEdit>
  );
}

/** /projects/:pid/theme/:id/details/edit. Listed as a full path: the Actions' `:product` routes would outrank a splat. */
export function ThemeEdit() {
  const { pid = '', id = '' } = useParams();
  return <ThemeDetailsEdit key={id} pid={pid} id={id} />;
}
ThemeEdit.path = '/projects/:pid/theme/:id/details/edit';

/** /projects/:pid/theme/:id redirects to its details (SPEC §2). */
export function ToThemeDetails() {
  const { pid = '', id = '' } = useParams();
  return <Navigate to={themePaths.detailsEdit(pid, id)} replace />;
}
ToThemeDetails.path = '/projects/:pid/theme/:id';
