// The "ads" tab of a QR code (/projects/:pid/qr-code/:id/ads): the advertisements a scan of this
// code shows before its Action; link more or unlink (PUT …/qr-codes/{id}/advertisements).
import { Link } from 'react-router-dom';
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
import { useTranslate } from 'react-admin';
import type { Advertisement } from '../../shared/schemas/advertisement';
import type { ListResponse } from '../../shared/schemas/common';
import { apiRequest } from '../providers/http';
import { LinkPicker } from './LinkPicker';
import { adApi, adPaths } from './adPaths';
import { AD_WORD, useResultNotify } from '../useNotifications';

export function QrCodeAdvertisements({
  projectId,
  qrCodeId,
}: {
  projectId: string;
  qrCodeId: string;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { success, failure } = useResultNotify();
  const queryKey = ['qr-codes', projectId, qrCodeId, 'advertisements'];
  const { data, isPending, isError } = useQuery({
    queryKey,
    queryFn: async () =>
      (await apiRequest<ListResponse<Advertisement>>(adApi.ofQrCode(projectId, qrCodeId))).json
        .data,
  });
  const save = useMutation({
    mutationFn: async ({ ids }: { ids: string[]; action: 'linked' | 'unlinked' }) =>
      (
        await apiRequest<ListResponse<Advertisement>>(adApi.ofQrCode(projectId, qrCodeId), {
          method: 'PUT',
          body: { advertisementIds: ids },
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
  const seconds = (ms: number) => translate('app.advertisements.seconds', { seconds: ms / 1000 });
  return (
    <Card data-testid="qr-code-ads">
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.advertisements.qr_code_ads_help')}
        </Typography>
        <LinkPicker
          resource="advertisements"
          projectId={projectId}
          exclude={new Set(linkedIds)}
          toOption={(record) => ({
            id: String(record.id),
            name: String(record.name ?? ''),
            detail: seconds(Number(record.displayTimeMs ?? 0)),
          })}
          label={translate('app.advertisements.pick_advertisement')}
          busy={save.isPending}
          onLink={(adId) => save.mutate({ ids: [...linkedIds, adId], action: 'linked' })}
          testId="qr-link-ad"
        />
        {isPending && <LinearProgress />}
        {isError && <Alert severity="error">{translate('app.advertisements.load_error')}</Alert>}
        {data && linked.length === 0 && (
          <Typography color="text.secondary" data-testid="qr-code-ads-empty">
            {translate('app.advertisements.qr_code_ads_empty')}
          </Typography>
        )}
        {linked.length > 1 && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('app.advertisements.rotation_note')}
          </Alert>
        )}
        {linked.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.advertisements.fields.name')}</TableCell>
                <TableCell align="right">
                  {translate('resources.advertisements.fields.displayTimeMs')}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {linked.map((row) => (
                <TableRow key={row.id} hover data-testid="qr-code-ad-row">
                  <TableCell>
                    <Link to={adPaths.detailsEdit(projectId, row.id)}>{row.name}</Link>
                  </TableCell>
                  <TableCell align="right">{seconds(row.displayTimeMs)}</TableCell>
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
                      data-testid="qr-unlink-ad"
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
