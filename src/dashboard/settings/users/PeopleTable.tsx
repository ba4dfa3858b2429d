// The table both users screens show: translated column heads, sideways scrolling on a phone, and
// a row's confirmed actions.
import type { ReactElement, ReactNode } from 'react';
import { Chip, Stack } from '@mui/material';
import { ConfirmActionButton } from '../../common/ConfirmActionButton';
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

/** One confirmed action on a person: app.people.{name} is its button, …_title and …_content ask. */
export interface PersonAction {
  name: string;
  icon: ReactElement;
  run: () => Promise<unknown>;
  /** The notice once done. */
  done: string;
  testId: string;
  color?: 'error';
}

/** A row's actions side by side; `act` runs one (usePeopleAction: notice, then reload). */
export function PersonActions({
  subject,
  actions,
  act,
}: {
  /** Names the person in each confirmation's title. */
  subject: Record<string, string>;
  actions: PersonAction[];
  act: (work: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  return (
    <Stack direction="row" sx={{ gap: 1 }}>
      {actions.map((action) => (
        <ConfirmActionButton
          key={action.name}
          label={`app.people.${action.name}`}
          icon={action.icon}
          title={`app.people.${action.name}_title`}
          titleArgs={subject}
          content={`app.people.${action.name}_content`}
          onConfirm={() => act(action.run, action.done)}
          color={action.color}
          testId={action.testId}
        />
      ))}
    </Stack>
  );
}
