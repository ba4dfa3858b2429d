// /customer/:id/users/edit (admins): the customer's users, and a way to add one.
import { useParams, Link } from 'react-router-dom';
import { Button as MuiButton, Card, CardContent, Typography, Box } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import {
  DataTable,
  ListBase,
  Loading,
  Title,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Customer } from '../../shared/schemas/customer';
import { CustomerTabs } from './CustomerTabs';

function RoleField() {
  const record = useRecordContext<{ role: string }>();
  const translate = useTranslate();
  return record ? <>{translate(`app.roles.${record.role}`)}</> : null;
}

export function CustomerUsersEdit() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: customer } = useGetOne<Customer>('customers', { id });
  if (!customer) return <Loading />;
  return (
    <>
      <CustomerTabs id={id} />
      <Title title={translate('app.customers.users_title', { name: customer.name })} />
      <Card>
        <CardContent>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              mb: 1,
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <Typography variant="h6" component="h1">
              {translate('app.customers.users_title', { name: customer.name })}
            </Typography>
            <MuiButton
              component={Link}
              to={`/user/add?customerId=${id}`}
              startIcon={<PersonAddIcon />}
              variant="contained"
              data-testid="customer-add-user"
            >
              {translate('app.customers.add_user')}
            </MuiButton>
          </Box>
          <ListBase
            resource="users"
            queryOptions={{ meta: { customerId: id } }}
            perPage={100}
            sort={{ field: 'name', order: 'ASC' }}
            disableSyncWithLocation
          >
            <DataTable
              rowClick={(userId) => `/user/${userId}/details/edit`}
              bulkActionButtons={false}
              resource="users"
            >
              <DataTable.Col source="name" />
              <DataTable.Col source="email" />
              <DataTable.Col source="role">
                <RoleField />
              </DataTable.Col>
            </DataTable>
          </ListBase>
        </CardContent>
      </Card>
    </>
  );
}
