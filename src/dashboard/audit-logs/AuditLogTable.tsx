// The rows of an audit log (SPEC §3): time, user, action, type, name, client and device, with the
// action, type and client translated. Each row opens its details.
import { Link as RouterLink } from 'react-router-dom';
import { Chip, Link, TableCell, TableRow, Typography } from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditLog } from '../../shared/audit';
import { formatDateTime } from '../statistics/format';

export const auditDetailsPath = (id: string) => `/settings/audit-logs/${id}/details`;

/** Translated labels of SPEC §3's audit actions, types and clients; unknown values as they are. */
export function useAuditLabels() {
  const translate = useTranslate();
  return {
    action: (action: string) => translate(`app.audit_logs.actions.${action}`, { _: action }),
    type: (type: string) => translate(`app.audit_logs.types.${type}`, { _: type }),
    client: (client: string) => translate(`app.audit_logs.clients.${client}`, { _: client }),
  };
}

export interface AuditLogTableProps {
  rows: AuditLog[];
  /** Rows link to their details page (customer admins). */
  linkToDetails?: boolean;
  /** Hide the name column where every row is about the same item. */
  hideName?: boolean;
}

export function AuditLogTable({
  rows,
  linkToDetails = true,
  hideName = false,
}: AuditLogTableProps) {
  const translate = useTranslate();
  const [locale = 'nl'] = useLocaleState();
  const labels = useAuditLabels();
  const field = (name: string) => `app.audit_logs.fields.${name}`;
  return (
    <HeadedTable
      scroll={{}}
      columns={[
        field('createdAt'),
        field('user'),
        field('action'),
        field('type'),
        !hideName && field('name'),
        field('client'),
        field('device'),
      ]}
    >
      {rows.map((row) => (
        <TableRow key={row.id} hover data-testid="audit-log-row">
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {linkToDetails ? (
              <Link component={RouterLink} to={auditDetailsPath(row.id)} underline="hover">
                {formatDateTime(row.createdAt, locale)}
              </Link>
            ) : (
              formatDateTime(row.createdAt, locale)
            )}
          </TableCell>
          <TableCell>
            {row.userName ?? (
              <Typography variant="body2" color="text.secondary" component="span">
                {translate(row.userId ? 'app.audit_logs.deleted_user' : 'app.audit_logs.system')}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <Chip size="small" variant="outlined" label={labels.action(row.action)} />
          </TableCell>
          <TableCell>{labels.type(row.type)}</TableCell>
          {!hideName && <TableCell>{row.name ?? ''}</TableCell>}
          <TableCell>{labels.client(row.client)}</TableCell>
          <TableCell>
            <Typography variant="body2" color="text.secondary" component="span">
              {row.device ?? ''}
            </Typography>
          </TableCell>
        </TableRow>
      ))}
    </HeadedTable>
  );
}

/** A loaded page of a log: a line saying it is empty, or its rows. */
export function AuditLogPage({
  rows,
  isPending,
}: {
  rows: AuditLog[] | undefined;
  isPending: boolean;
}) {
  const translate = useTranslate();
  if (!isPending && rows?.length === 0)
    return (
      <Typography
        color="text.secondary"
        sx={{ py: 4, textAlign: 'center' }}
        data-testid="audit-log-empty"
      >
        {translate('app.audit_logs.empty')}
      </Typography>
    );
  return <AuditLogTable rows={rows ?? []} />;
}
