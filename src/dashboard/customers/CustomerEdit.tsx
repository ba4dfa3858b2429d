// /customer/:id/details/edit (admins), with delete.
import { useParams } from 'react-router-dom';
import { DetailsEdit, SaveDeleteToolbar } from '../forms/DetailsEdit';
import { CustomerInputs } from './CustomerInputs';
import { CustomerTabs } from './CustomerTabs';
import { validateCustomer } from './customerValidation';

export function CustomerEdit() {
  const { id = '' } = useParams();
  return (
    <>
      <CustomerTabs id={id} />
      <DetailsEdit
        resource="customers"
        id={id}
        word="customer"
        transform={(data) => ({
          name: data.name,
          adminEmail: data.adminEmail,
          customerType: data.customerType,
          vatNumber: data.vatNumber || undefined,
        })}
        validate={validateCustomer}
        toolbar={
          <SaveDeleteToolbar word="customer" redirectTo="/customers" testId="customer-delete" />
        }
      >
        <CustomerInputs />
      </DetailsEdit>
    </>
  );
}
