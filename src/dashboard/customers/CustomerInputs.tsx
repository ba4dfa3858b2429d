import { SelectInput, TextInput } from 'react-admin';
import { CUSTOMER_TYPES } from '../../shared/enums';

export const CUSTOMER_TYPE_CHOICES = CUSTOMER_TYPES.map((id) => ({
  id,
  name: `app.customers.type_${id}`,
}));

export function CustomerInputs() {
  return (
    <>
      <TextInput source="name" fullWidth />
      <TextInput source="adminEmail" type="email" fullWidth />
      <SelectInput source="customerType" choices={CUSTOMER_TYPE_CHOICES} fullWidth />
      <TextInput source="vatNumber" fullWidth />
    </>
  );
}
