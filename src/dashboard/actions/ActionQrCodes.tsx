// /projects/:pid/qr-link/:id/qr-codes ({product}QRCode): the QR codes and short links using it
// (GET /projects/{pid}/actions/{id}/qr-codes).
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, TableCell, TableRow, Typography } from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';
import { ItemTabPage } from '../common/ItemTabPage';
import { QueryState } from '../common/QueryState';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ActionTabs } from './ActionTabs';

/** One row of the answer: a QR code (type 'qr_code') or a short link. */
interface UsingItem {
  id: string;
  type: string;
  name: string;
  code: string;
  scanUrl: string;
  updatedAt: string;
}

function UsingItemsCard({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { data, isPending, isError } = useQuery({
    queryKey: ['actions', pid, id, 'qr-codes'],
    queryFn: () => dataProvider.getActionQrCodes<UsingItem>(pid, id),
  });
  return (
    <Card data-testid="action-qr-codes">
      <CardContent>
        <QueryState isPending={isPending} isError={isError} error="app.actions.qr_codes_error" />
        {data && data.length === 0 && (
          <Typography color="text.secondary">{translate('app.actions.qr_codes_empty')}</Typography>
        )}
        {data && data.length > 0 && (
          <HeadedTable
            columns={[
              'resources.actions.fields.name',
              'app.actions.qr_code_code',
              'app.actions.qr_code_type',
            ]}
          >
            {data.map((item) => {
              const isShortLink = item.type !== 'qr_code';
              const to = isShortLink
                ? `/projects/${pid}/short-links/${item.id}/details/edit`
                : `/projects/${pid}/qr-code/${item.id}/details/edit`;
              return (
                <TableRow key={item.id} hover>
                  <TableCell>
                    <Link to={to}>{item.name}</Link>
                  </TableCell>
                  <TableCell>
                    <a href={item.scanUrl} target="_blank" rel="noopener noreferrer">
                      {item.scanUrl || item.code}
                    </a>
                  </TableCell>
                  <TableCell>
                    {translate(
                      isShortLink ? 'app.actions.item_short_link' : 'app.actions.item_qr_code',
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </HeadedTable>
        )}
      </CardContent>
    </Card>
  );
}

export function ActionQrCodes() {
  return (
    <ItemTabPage title="app.actions.page_tabs.qr_codes" Tabs={ActionTabs}>
      {(pid, id) => <UsingItemsCard pid={pid} id={id} />}
    </ItemTabPage>
  );
}
