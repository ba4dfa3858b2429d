// /customers (admins): search, type, trial end.
import {
  CreateButton,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocaleDateField } from '../common/LocaleDateField';
import { Link } from 'react-router-dom';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function TypeField() {
  const record = useRecordContext<{ customerType: string }>();
  const translate = useTranslate();
  return record ? <>{translate(`app.customers.type_${record.customerType}`)}</> : null;
}

export function CustomerList() {
  return (
    <List
      resource="customers"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton component={Link} to="/customer/create" data-testid="customer-create" />
        </TopToolbar>
      }
    >
      <DataTable
        rowClick={(id) => `/customer/${id}/details/edit`}
        bulkActionButtons={false}
        data-testid="customer-list"
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="adminEmail" sx={{ display: { xs: 'none', md: 'table-cell' } }} />
        <DataTable.Col source="customerType">
          <TypeField />
        </DataTable.Col>
        <DataTable.Col source="createdAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
          <LocaleDateField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
