// /projects/:pid/tags/create (labelAdd).
import { useParams } from 'react-router-dom';
import { Create, SaveButton, SimpleForm, Toolbar, useRedirect } from 'react-admin';
import type { Label } from '../../shared/schemas/label';
import { useLinkNotify } from '../useNotifications';
import { LabelInputs, validateLabel } from './LabelInputs';
import { labelPaths } from './labelPaths';

export function LabelCreate() {
  const { pid = '' } = useParams();
  const redirect = useRedirect();
  const { success, failure } = useLinkNotify();
  return (
    <Create
      resource="labels"
      transform={(data: Record<string, unknown>) => ({
        name: data.name,
        color: data.color ?? null,
      })}
      mutationOptions={{
        meta: { projectId: pid },
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: () => {
          success('label', 'created');
          redirect(labelPaths.overview(pid));
        },
        onError: (error: unknown) => failure('label', 'creating', error, true),
      }}
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
    </Create>
  );
}
