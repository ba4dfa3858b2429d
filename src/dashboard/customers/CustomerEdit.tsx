// /customer/:id/details/edit (admins), with delete.
import { useParams } from 'react-router-dom';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRedirect,
} from 'react-admin';
import { Box } from '@mui/material';
import { useResultNotify } from '../useNotifications';
import { CustomerInputs } from './CustomerInputs';
import { CustomerTabs } from './CustomerTabs';
import { validateCustomer } from './customerValidation';

function CustomerToolbar() {
  const { success, failure } = useResultNotify();
  const redirect = useRedirect();
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      <DeleteWithConfirmButton
        redirect="/customers"
        mutationOptions={{
          onSuccess: () => {
            success('customer', 'deleted');
            redirect('/customers');
          },
          onError: (error: unknown) => failure('customer', 'deleting', error),
        }}
        data-testid="customer-delete"
      />
    </Toolbar>
  );
}

export function CustomerEdit() {
  const { id = '' } = useParams();
  const { success, failure } = useResultNotify();
  return (
    <>
      <CustomerTabs id={id} />
      <Edit
        resource="customers"
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        actions={false}
        transform={(data: Record<string, unknown>) => ({
          name: data.name,
          adminEmail: data.adminEmail,
          customerType: data.customerType,
          vatNumber: data.vatNumber || undefined,
        })}
        mutationOptions={{
          onSuccess: () => success('customer', 'updated'),
          onError: (error: unknown) => failure('customer', 'updating', error, true),
        }}
      >
        <SimpleForm validate={validateCustomer} mode="onChange" toolbar={<CustomerToolbar />}>
          <CustomerInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
