// The table both users screens show: translated column heads, sideways scrolling on a phone.
import type { ReactNode } from 'react';
import { Chip, Stack } from '@mui/material';
import { HeadedTable } from '../../common/HeadedTable';
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
  return (
    <HeadedTable
      label={label}
      scroll={{ overflowX: 'auto' }}
      columns={columns.map((column) => `app.people.${column}`)}
    >
      {children}
    </HeadedTable>
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
