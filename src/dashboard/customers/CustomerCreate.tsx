// /customer/create (admins): a new customer starts a 14-day trial.
import { Create, SimpleForm, useRedirect } from 'react-admin';
import { useResultNotify } from '../useNotifications';
import { CustomerInputs } from './CustomerInputs';
import { validateCustomer } from './customerValidation';

export function CustomerCreate() {
  const { success, failure } = useResultNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="customers"
      transform={(data: Record<string, unknown>) => ({
        ...data,
        vatNumber: data.vatNumber || undefined,
      })}
      mutationOptions={{
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (data: { id: string }) => {
          success('customer', 'created');
          redirect(`/customer/${data.id}/details/edit`);
        },
        onError: (error: unknown) => failure('customer', 'creating', error, true),
      }}
    >
      <SimpleForm
        validate={validateCustomer}
        mode="onChange"
        defaultValues={{ customerType: 'none' }}
      >
        <CustomerInputs />
      </SimpleForm>
    </Create>
  );
}
