// The table both users screens show: translated column heads, sideways scrolling on a phone.
import type { ReactNode } from 'react';
import {
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProjectRef } from '../../../shared/schemas/invitation';

export function PeopleTable({
  label,
  columns,
  children,
}: {
  label: string;
  /** Keys below app.people. */
  columns: readonly string[];
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{translate(`app.people.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

export function ProjectChips({
  projects,
  children,
}: {
  projects: ProjectRef[];
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {projects.map((project) => (
        <Chip key={project.id} size="small" label={project.name} />
      ))}
      {children}
    </Stack>
  );
}
