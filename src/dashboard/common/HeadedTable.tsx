// The small table the dashboard's screens share: one row of translated column heads over the rows
// the screen renders itself, optionally scrolling sideways on a phone. Written once so every list
// of keys, deliveries, placements or audit rows heads its columns the same way.
import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ColumnHead {
  /** Translation key; none for a column without a head (its buttons). */
  label?: string;
  align?: 'left' | 'right';
  sx?: SxProps<Theme>;
}

export function HeadedTable({
  columns,
  label,
  testId,
  scroll,
  children,
}: {
  /** Translation keys or heads; `false` leaves a column out (as `{cond && …}` would). */
  columns: readonly (string | ColumnHead | false)[];
  /** Translation key of the table's accessible name. */
  label?: string;
  testId?: string;
  /** Wrap in a container that scrolls sideways, with this style (`{}` for none of its own). */
  scroll?: SxProps<Theme>;
  /** The body's rows. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const table = (
    <Table size="small" aria-label={label ? translate(label) : undefined} data-testid={testId}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) => {
            if (column === false) return null;
            const head = typeof column === 'string' ? { label: column } : column;
            return (
              <TableCell key={index} align={head.align} sx={head.sx}>
                {head.label ? translate(head.label) : null}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  return scroll ? <TableContainer sx={scroll}>{table}</TableContainer> : table;
}
