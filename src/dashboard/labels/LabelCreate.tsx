// /projects/:pid/tags/create (labelAdd).
import { useParams } from 'react-router-dom';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { ProjectRecordCreate } from '../common/ProjectRecordCreate';
import { itemNotices } from '../common/ItemStepButton';
import type { Label } from '../../shared/schemas/label';
import { useLinkNotify } from '../useNotifications';
import { LabelInputs, validateLabel } from './LabelInputs';
import { labelPaths } from './labelPaths';

export function LabelCreate() {
  const { pid = '' } = useParams();
  const notices = itemNotices(useLinkNotify(), 'label');
  return (
    <ProjectRecordCreate<Label>
      resource="labels"
      pid={pid}
      transform={(data) => ({
        name: data.name,
        color: data.color ?? null,
      })}
      notices={notices}
      pathOf={() => labelPaths.overview(pid)}
    >
      <SimpleForm
        validate={validateLabel}
        mode="onChange"
        defaultValues={{ name: '', color: null } satisfies Partial<Label>}
        toolbar={
          <Toolbar>
            <SaveButton data-testid="label-save" alwaysEnable />
          </Toolbar>
        }
      >
        <LabelInputs />
      </SimpleForm>
    </ProjectRecordCreate>
  );
}
