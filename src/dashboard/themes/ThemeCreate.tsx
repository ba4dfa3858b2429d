// /projects/:pid/theme/create: a new theme, starting from the default look.
import { Create, SaveButton, SimpleForm, Toolbar, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DEFAULT_THEME_SETTINGS, type Theme } from '../../shared/schemas/theme';
import { themePaths } from './paths';
import { ThemeInputs, validateTheme } from './ThemeInputs';
import { THEME_WORD, useThemeNotify } from '../useNotifications';

export const toThemeBody = (data: Record<string, unknown>) => ({
  name: data.name,
  settings: data.settings,
});

export function ThemeCreate() {
  const { pid = '' } = useParams();
  const { success, failure } = useThemeNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="themes"
      title="app.themes.create"
      // The card must not clip, or the preview beside the form cannot stay in view while scrolling.
      sx={{ '& .RaCreate-card': { overflow: 'visible' } }}
      transform={toThemeBody}
      mutationOptions={{
        meta: { projectId: pid },
        // With our own onSuccess react-admin skips its redirect: go to the new theme ourselves.
        onSuccess: (record: Theme) => {
          success(THEME_WORD, 'created');
          redirect(themePaths.detailsEdit(pid, record.id));
        },
        onError: (error: unknown) => failure(THEME_WORD, 'creating', error, true),
      }}
    >
      <SimpleForm
        validate={validateTheme}
        mode="onChange"
        defaultValues={{ name: '', settings: DEFAULT_THEME_SETTINGS }}
        toolbar={
          <Toolbar>
            <SaveButton data-testid="theme-save" />
          </Toolbar>
        }
      >
        <ThemeInputs projectId={pid} />
      </SimpleForm>
    </Create>
  );
}
ThemeCreate.path = '/projects/:pid/theme/create';
