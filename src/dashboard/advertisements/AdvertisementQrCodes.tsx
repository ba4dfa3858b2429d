// /projects/:pid/ad/:id/qr-codes (advertisementQRCodes): the QR codes that show this ad; link
// more or unlink (PUT …/advertisements/{id}/qr-codes with the full set).
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Title, useTranslate } from 'react-admin';
import type { ListResponse } from '../../shared/schemas/common';
import { apiRequest } from '../providers/http';
import { AdvertisementTabs } from './AdvertisementTabs';
import { LinkPicker } from './LinkPicker';
import { adApi } from './adPaths';
import { AD_WORD, useResultNotify } from '../useNotifications';

interface LinkedQrCode {
  id: string;
  name: string;
  code: string;
  scanUrl: string;
}

export function AdvertisementQrCodesCard({ projectId, id }: { projectId: string; id: string }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { success, failure } = useResultNotify();
  const queryKey = ['advertisements', projectId, id, 'qr-codes'];
  const { data, isPending, isError } = useQuery({
    queryKey,
    queryFn: async () =>
      (await apiRequest<ListResponse<LinkedQrCode>>(adApi.qrCodes(projectId, id))).json.data,
  });
  const save = useMutation({
    mutationFn: async ({ ids }: { ids: string[]; action: 'linked' | 'unlinked' }) =>
      (
        await apiRequest<ListResponse<LinkedQrCode>>(adApi.qrCodes(projectId, id), {
          method: 'PUT',
          body: { qrCodeIds: ids },
        })
      ).json.data,
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
    <Card data-testid="ad-qr-codes">
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.advertisements.qr_codes_help')}
        </Typography>
        <LinkPicker
          resource="qr-codes"
          projectId={projectId}
          exclude={new Set(linkedIds)}
          toOption={(record) => ({
            id: String(record.id),
            name: String(record.name ?? ''),
            detail: String(record.code ?? ''),
          })}
          label={translate('app.advertisements.pick_qr_code')}
          busy={save.isPending}
          onLink={(qrCodeId) => save.mutate({ ids: [...linkedIds, qrCodeId], action: 'linked' })}
          testId="ad-link-qr"
        />
        {isPending && <LinearProgress />}
        {isError && <Alert severity="error">{translate('app.advertisements.load_error')}</Alert>}
        {data && linked.length === 0 && (
          <Typography color="text.secondary" data-testid="ad-qr-codes-empty">
            {translate('app.advertisements.qr_codes_empty')}
          </Typography>
        )}
        {linked.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.advertisements.qr_code_name')}</TableCell>
                <TableCell>{translate('app.advertisements.qr_code_url')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {linked.map((row) => (
                <TableRow key={row.id} hover data-testid="ad-qr-code-row">
                  <TableCell>
                    <Link to={`/projects/${projectId}/qr-code/${row.id}/details/edit`}>
                      {row.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <a href={row.scanUrl} target="_blank" rel="noopener noreferrer">
                      {row.scanUrl}
                    </a>
                  </TableCell>
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
                      data-testid="ad-unlink-qr"
                    >
                      {translate('app.advertisements.unlink')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export function AdvertisementQrCodes() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.advertisements.page_tabs.qr_codes')} />
      <AdvertisementTabs projectId={pid} id={id} />
      <AdvertisementQrCodesCard projectId={pid} id={id} />
    </>
  );
}
