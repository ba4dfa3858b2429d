// /projects/:pid/theme/create: a new theme, starting from the default look.
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { ProjectRecordCreate } from '../common/ProjectRecordCreate';
import { itemNotices } from '../common/ItemStepButton';
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
  const notices = itemNotices(useThemeNotify(), THEME_WORD);
  return (
    <ProjectRecordCreate<Theme>
      resource="themes"
      pid={pid}
      title="app.themes.create"
      // The card must not clip, or the preview beside the form cannot stay in view while scrolling.
      sx={{ '& .RaCreate-card': { overflow: 'visible' } }}
      transform={toThemeBody}
      notices={notices}
      pathOf={(record) => themePaths.detailsEdit(pid, record.id)}
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
    </ProjectRecordCreate>
  );
}
ThemeCreate.path = '/projects/:pid/theme/create';
