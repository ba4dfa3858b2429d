// The audit log of one item (QR code, short link, Action, …) or of a project, newest first.
import { useState } from 'react';
import { Alert, Box, LinearProgress, TablePagination } from '@mui/material';
import { usePermissions, useGetList, useTranslate } from 'react-admin';
import type { AuditLog } from '../../shared/audit';
import type { DashboardPermissions } from '../providers/authProvider';
import { AuditLogPage } from './AuditLogTable';

export interface ItemAuditLogsProps {
  itemId?: string;
  projectId?: string;
}

const PER_PAGE = 10;

export function ItemAuditLogs({ itemId, projectId }: ItemAuditLogsProps) {
  const translate = useTranslate();
  const { permissions, isPending: permissionsPending } = usePermissions<DashboardPermissions>();
  const allowed = !!permissions?.permissionKeys.includes('AuditLogsView');
  const [page, setPage] = useState(1);
  const filter: Record<string, string> = {};
  if (itemId) filter.itemId = itemId;
  if (projectId) filter.projectId = projectId;
  const { data, total, isPending, isFetching, error } = useGetList<AuditLog & { id: string }>(
    'audit-logs',
    { filter, pagination: { page, perPage: PER_PAGE } },
    { enabled: allowed, placeholderData: (previous) => previous },
  );

  if (permissionsPending) return <LinearProgress />;
  if (!allowed) {
    return (
      <Alert severity="info" data-testid="audit-log-no-access">
        {translate('app.audit_logs.no_access')}
      </Alert>
    );
  }
  if (error) {
    return (
      <Alert severity="error" data-testid="audit-log-error">
        {translate('app.audit_logs.error')}
      </Alert>
    );
  }
  return (
    <Box data-testid="item-audit-logs">
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
      <AuditLogPage rows={data} isPending={isPending} />
      {(total ?? 0) > PER_PAGE && (
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page - 1}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_event, next) => setPage(next + 1)}
          labelDisplayedRows={({ from, to, count }) =>
            translate('app.audit_logs.displayed_rows', { from, to, count })
          }
        />
      )}
    </Box>
  );
}
