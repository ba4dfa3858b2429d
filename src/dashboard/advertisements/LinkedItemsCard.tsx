// The link/unlink card both sides of the advertisement ↔ QR code link use: the linked items in a
// table, a picker to link one more, and a PUT of the full set on every change.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, TableCell, TableRow, Typography } from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';
import { QueryState } from '../common/QueryState';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdLink } from '../providers/projectMethods';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { AD_WORD, useResultNotify } from '../useNotifications';
import { LinkPicker, type LinkPickerProps } from './LinkPicker';

export interface LinkedItem {
  id: string;
  name: string;
}

export interface LinkedItemsCardProps<Row extends LinkedItem> {
  queryKey: readonly unknown[];
  /** Whose links these are: an advertisement's QR codes, or a QR code's advertisements. */
  link: AdLink;
  picker: Pick<LinkPickerProps, 'resource' | 'projectId' | 'toOption' | 'label' | 'testId'>;
  /** Where a row's name links to. */
  pathOf: (row: Row) => string;
  /** The columns after the name; `header` is a translation key. */
  columns: { header: string; align?: 'right'; cell: (row: Row) => ReactNode }[];
  nameHeader: string;
  help: string;
  empty: string;
  /** Shown above the table, given how many items are linked. */
  note?: (count: number) => ReactNode;
  testIds: { card: string; empty: string; row: string; unlink: string };
}

export function LinkedItemsCard<Row extends LinkedItem>({
  queryKey,
  link,
  picker,
  pathOf,
  columns,
  nameHeader,
  help,
  empty,
  note,
  testIds,
}: LinkedItemsCardProps<Row>) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { success, failure } = useResultNotify();
  const { data, isPending, isError } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getAdLinks<Row>(link),
  });
  const save = useMutation({
    mutationFn: ({ ids }: { ids: string[]; action: 'linked' | 'unlinked' }) =>
      dataProvider.setAdLinks<Row>(link, ids),
    onSuccess: (rows, { action }) => {
      queryClient.setQueryData(queryKey, rows);
      void queryClient.invalidateQueries({ queryKey: ['advertisements'] });
      success(AD_WORD, action);
    },
    onError: (error, { action }) =>
      failure(AD_WORD, action === 'linked' ? 'linking' : 'unlinking', error),
  });
  const linked = data ?? [];
  const linkedIds = linked.map((row) => row.id);
  return (
    <Card data-testid={testIds.card}>
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(help)}
        </Typography>
        <LinkPicker
          {...picker}
          exclude={new Set(linkedIds)}
          busy={save.isPending}
          onLink={(id) => save.mutate({ ids: [...linkedIds, id], action: 'linked' })}
        />
        <QueryState isPending={isPending} isError={isError} error="app.advertisements.load_error" />
        {data && linked.length === 0 && (
          <Typography color="text.secondary" data-testid={testIds.empty}>
            {translate(empty)}
          </Typography>
        )}
        {note?.(linked.length)}
        {linked.length > 0 && (
          <HeadedTable
            columns={[
              nameHeader,
              ...columns.map((column) => ({ label: column.header, align: column.align })),
              {},
            ]}
          >
            {linked.map((row) => (
              <TableRow key={row.id} hover data-testid={testIds.row}>
                <TableCell>
                  <Link to={pathOf(row)}>{row.name}</Link>
                </TableCell>
                {columns.map((column, index) => (
                  <TableCell key={index} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    startIcon={<LinkOffIcon />}
                    disabled={save.isPending}
                    onClick={() =>
                      save.mutate({
                        ids: linkedIds.filter((other) => other !== row.id),
                        action: 'unlinked',
                      })
                    }
                    data-testid={testIds.unlink}
                  >
                    {translate('app.advertisements.unlink')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        )}
      </CardContent>
    </Card>
  );
}
