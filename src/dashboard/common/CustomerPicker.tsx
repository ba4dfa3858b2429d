// Platform admins belong to no customer: screens that work on one customer's data (white label,
// users) let them pick it first.
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';

export function CustomerPicker({
  value,
  onChange,
  label,
  testId,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  /** Translation key of the field's label. */
  label: string;
  testId: string;
}) {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: string; name: string }>('customers', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Autocomplete
      options={data}
      value={data.find((customer) => customer.id === value) ?? null}
      getOptionLabel={(customer) => customer.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, customer) => onChange(customer?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={translate(label)} />}
      sx={{ maxWidth: 420, mt: 1, mb: 2 }}
      data-testid={testId}
    />
  );
}
