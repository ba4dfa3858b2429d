// What a change did, field by field: the audit row's `before` and `after` (written by the unit of
// work with only the fields that differ, secrets left out) as a table; anything else the row
// records (counts, ids) below it as it was stored.
import { Box, TableCell, TableRow } from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a reader wants it: text as text, nothing as a dash, the rest as compact JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function ChangeDiff({ changes }: { changes: Fields }) {
  const before = isFields(changes.before) ? changes.before : null;
  const after = isFields(changes.after) ? changes.after : null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const { before: _before, after: _after, ...rest } = changes;
  const hasDiff = (before || after) && fields.length > 0;
  return (
    <>
      {hasDiff && (
        <HeadedTable
          testId="audit-log-diff"
          scroll={{ overflowX: 'auto' }}
          columns={[
            'app.audit_logs.diff.field',
            'app.audit_logs.diff.before',
            'app.audit_logs.diff.after',
          ]}
        >
          {fields.map((name) => (
            <TableRow key={name}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{showValue(before?.[name])}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{showValue(after?.[name])}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
      {Object.keys(hasDiff ? rest : changes).length > 0 && (
        <Box
          component="pre"
          sx={{
            m: 0,
            mt: hasDiff ? 2 : 0,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            overflow: 'auto',
            fontSize: 13,
          }}
        >
          {JSON.stringify(hasDiff ? rest : changes, null, 2)}
        </Box>
      )}
    </>
  );
}
