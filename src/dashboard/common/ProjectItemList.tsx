// The list screen every kind of project item shares (QR codes, short links, QR links, labels,
// templates, themes, advertisements): the project's items with their filters, buttons at the top,
// rows that open the item, and the kind's empty state — shown only while nothing is filtered, so a
// search without results still shows the filters it could be cleared with.
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { DataTable, List, TopToolbar, useListContext, type SortPayload } from 'react-admin';
import { CreateLinkButton, type CreateLinkButtonProps } from './CreateLinkButton';
import { ListEmpty, type ListEmptyProps } from './ListEmpty';

export interface ProjectItemListProps {
  resource: string;
  pid: string;
  title?: string;
  filters: ReactElement[];
  /** The filters that, when set, make an empty answer "no results" instead of the empty state. */
  filterKeys?: readonly string[];
  sort: SortPayload;
  /** The "new …" button, at the top (`topVariant`) and in the empty state (contained). */
  create?: Omit<CreateLinkButtonProps, 'variant'> & { topVariant?: 'contained' | 'text' };
  /** More buttons at the top (export). */
  actions?: ReactNode;
  /** The empty state: its texts (with the create button), or a screen's own. */
  empty: Omit<ListEmptyProps, 'children'> | ReactElement;
  /** Where a row leads. */
  rowClick: (id: string) => string;
  bulkActionButtons?: ReactElement | false;
  testId: string;
  /** The columns (DataTable.Col). */
  children: ReactNode;
}

function ItemTable({
  filterKeys,
  empty,
  rowClick,
  bulkActionButtons,
  testId,
  children,
}: Pick<ProjectItemListProps, 'rowClick' | 'bulkActionButtons' | 'testId' | 'children'> & {
  filterKeys: readonly string[];
  empty: ReactElement;
}) {
  const { filterValues } = useListContext();
  const isFiltered = filterKeys.some((key) => Boolean(filterValues[key]));
  return (
    <DataTable
      rowClick={(id) => rowClick(String(id))}
      bulkActionButtons={bulkActionButtons}
      data-testid={testId}
      empty={isFiltered ? undefined : empty}
    >
      {children}
    </DataTable>
  );
}

export function ProjectItemList({
  resource,
  pid,
  title,
  filters,
  filterKeys = ['q'],
  sort,
  create,
  actions,
  empty: emptyProp,
  bulkActionButtons = false,
  children,
  ...table // where a row leads, the test id
}: ProjectItemListProps) {
  const createButton = (variant?: 'contained' | 'text') =>
    create && <CreateLinkButton {...create} variant={variant} />;
  const empty = isValidElement(emptyProp) ? (
    emptyProp
  ) : (
    <ListEmpty {...(emptyProp as Omit<ListEmptyProps, 'children'>)}>{createButton()}</ListEmpty>
  );
  return (
    <Box>
      <List
        resource={resource}
        title={title}
        filters={filters}
        queryOptions={{ meta: { projectId: pid } }}
        sort={sort}
        actions={
          <TopToolbar>
            {createButton(create?.topVariant)}
            {actions}
          </TopToolbar>
        }
        empty={empty}
        // One list per project: another project's stored filters and page (a tag id) would not apply.
        storeKey={`${resource}.${pid}`}
      >
        <ItemTable
          {...table}
          filterKeys={filterKeys}
          empty={empty}
          bulkActionButtons={bulkActionButtons}
        >
          {children}
        </ItemTable>
      </List>
    </Box>
  );
}
