// /settings/audit-logs: the customer's audit log, newest first, filtered by type, action, user
// and name (customer admins; SPEC §2).
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useGetIdentity, useGetList, usePermissions, useTranslate } from 'react-admin';
import type { AuditLog } from '../../shared/audit';
import { AUDIT_ACTIONS, AUDIT_TYPES } from '../../shared/enums';
import type { DashboardPermissions } from '../providers/authProvider';
import { AuditLogPage, useAuditLabels } from './AuditLogTable';

const PER_PAGE_OPTIONS = [25, 50, 100];
const SEARCH_DEBOUNCE_MS = 300;
// The theme makes inputs full width; filters sit side by side and wrap on narrow screens.
const FILTER_SX = { flex: '1 1 200px', maxWidth: { sm: 260 } };

interface Filters {
  type: string;
  action: string;
  userId: string;
  q: string;
}

export function AuditLogListPage() {
  const translate = useTranslate();
  const { permissions, isPending: permissionsPending } = usePermissions<DashboardPermissions>();
  const allowed = !!permissions?.permissionKeys.includes('AuditLogsView');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.audit_logs.title')} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate('app.audit_logs.title')}
        </Typography>
        {permissionsPending ? <LinearProgress /> : null}
        {!permissionsPending && !allowed ? (
          <Alert severity="info" data-testid="audit-log-no-access">
            {translate('app.audit_logs.no_access')}
          </Alert>
        ) : null}
        {allowed ? <AuditLogList /> : null}
      </CardContent>
    </Card>
  );
}

function AuditLogList() {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const { identity } = useGetIdentity();
  const customerId = typeof identity?.customerId === 'string' ? identity.customerId : null;
  const [filters, setFilters] = useState<Filters>({ type: '', action: '', userId: '', q: '' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE_OPTIONS[0]);
  const { data, total, isPending, isFetching, error } = useGetList<AuditLog & { id: string }>(
    'audit-logs',
    { filter: filters, pagination: { page, perPage } },
    { placeholderData: (previous) => previous },
  );
  const { data: users } = useGetList<{ id: string; name: string }>(
    'users',
    { pagination: { page: 1, perPage: 500 }, meta: { customerId } },
    { enabled: !!customerId },
  );
  const setFilter = (name: keyof Filters, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  // The name search asks the server once typing pauses, not on every key.
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) => (current.q === search ? current : { ...current, q: search }));
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const all = translate('app.audit_logs.all');
  const select = (name: keyof Filters, label: string, options: ReactNode[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[name]}
      onChange={(event) => setFilter(name, event.target.value)}
      fullWidth={false}
      sx={FILTER_SX}
      slotProps={{ htmlInput: { 'data-testid': `audit-filter-${name}` } }}
    >
      <MenuItem value="">{all}</MenuItem>
      {options}
    </TextField>
  );
  const sorted = (values: readonly string[], label: (value: string) => string) =>
    [...values]
      .map((value) => ({ value, label: label(value) }))
      .sort((a, b) => a.label.localeCompare(b.label))
      .map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ));

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {select('type', translate('app.audit_logs.fields.type'), sorted(AUDIT_TYPES, labels.type))}
        {select(
          'action',
          translate('app.audit_logs.fields.action'),
          sorted(AUDIT_ACTIONS, labels.action),
        )}
        {customerId
          ? select(
              'userId',
              translate('app.audit_logs.fields.user'),
              (users ?? []).map((user) => (
                <MenuItem key={user.id} value={user.id}>
                  {user.name}
                </MenuItem>
              )),
            )
          : null}
        <TextField
          size="small"
          label={translate('app.audit_logs.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth={false}
          sx={FILTER_SX}
          slotProps={{ htmlInput: { 'data-testid': 'audit-filter-q', maxLength: 255 } }}
        />
      </Stack>
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
      {error ? (
        <Alert severity="error" data-testid="audit-log-error">
          {translate('app.audit_logs.error')}
        </Alert>
      ) : (
        <AuditLogPage rows={data} isPending={isPending} />
      )}
      <TablePagination
        component="div"
        count={total ?? 0}
        page={page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_event, next) => setPage(next + 1)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(1);
        }}
        labelRowsPerPage={translate('app.audit_logs.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('app.audit_logs.displayed_rows', { from, to, count })
        }
      />
    </Box>
  );
}
