// /customer/create (admins): a new customer starts a 14-day trial.
import { Create, SimpleForm } from 'react-admin';
import { useResultNotify } from '../useNotifications';
import { CustomerInputs } from './CustomerInputs';
import { validateCustomer } from './customerValidation';

export function CustomerCreate() {
  const { success, failure } = useResultNotify();
  return (
    <Create
      resource="customers"
      redirect={(_resource, id) => `/customer/${id}/details/edit`}
      transform={(data: Record<string, unknown>) => ({
        ...data,
        vatNumber: data.vatNumber || undefined,
      })}
      mutationOptions={{
        onSuccess: () => success('customer', 'created'),
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
