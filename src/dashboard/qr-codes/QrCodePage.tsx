// /projects/:pid/qr-code/:id/*: one QR code with its child tabs (SPEC §2).
import { Box, Typography } from '@mui/material';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { QrCodeTabs, qrCodePath } from './QrCodeTabs';
import { QrCodeEdit } from './QrCodeEdit';
import { QrCodeLinks } from './QrCodeLinks';
import { QrCodeAdvertisements } from '../advertisements/QrCodeAdvertisements';
import { ItemStatistics } from '../statistics/ItemStatistics';
import { ItemAuditLogs } from '../audit-logs/ItemAuditLogs';
import type { QrCodeRecord } from './types';

function Heading({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<QrCodeRecord>('qr-codes', { id, meta: { projectId: pid } });
  const title = data?.name ?? translate('resources.qr-codes.name', { smart_count: 1 });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }} data-testid="qr-title">
        {title}
      </Typography>
    </>
  );
}

export function QrCodePage() {
  const { pid = '', id = '' } = useParams();
  return (
    <Box>
      <Heading pid={pid} id={id} />
      <QrCodeTabs pid={pid} id={id} />
      <Routes>
        <Route index element={<Navigate to={qrCodePath(pid, id)} replace />} />
        <Route path="details/edit" element={<QrCodeEdit pid={pid} id={id} />} />
        <Route path="ads" element={<QrCodeAdvertisements projectId={pid} qrCodeId={id} />} />
        <Route path="qr-links" element={<QrCodeLinks pid={pid} id={id} />} />
        <Route path="statistics" element={<ItemStatistics projectId={pid} itemId={id} />} />
        <Route path="auditlogs" element={<ItemAuditLogs itemId={id} />} />
        <Route path="*" element={<Navigate to={qrCodePath(pid, id)} replace />} />
      </Routes>
    </Box>
  );
}
QrCodePage.path = '/projects/:pid/qr-code/:id/*';
