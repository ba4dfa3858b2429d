// /user/add: a new user of the caller's customer (admins pass ?customerId=).
import { useSearchParams } from 'react-router-dom';
import { Create, SimpleForm, useGetIdentity, useRedirect } from 'react-admin';
import { useResultNotify } from '../useNotifications';
import { UserInputs } from './UserInputs';
import { validateUserCreate } from './userValidation';

export function UserCreate() {
  const [params] = useSearchParams();
  const { identity } = useGetIdentity();
  const { success, failure } = useResultNotify();
  const redirect = useRedirect();
  const customerId =
    params.get('customerId') ?? (identity?.customerId as string | undefined) ?? undefined;
  return (
    <Create
      resource="users"
      mutationOptions={{
        meta: { customerId },
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (data: { id: string }) => {
          success('user', 'created');
          redirect(`/user/${data.id}/details/edit`);
        },
        onError: (error: unknown) => failure('user', 'creating', error, true),
      }}
      transform={(data: Record<string, unknown>) => ({
        ...data,
        password: data.password || undefined,
      })}
    >
      <SimpleForm
        validate={validateUserCreate}
        mode="onChange"
        defaultValues={{ role: 'user', localization: { language: 'nl' } }}
      >
        <UserInputs withPassword />
      </SimpleForm>
    </Create>
  );
}
