// /projects/:pid/qr-code/:id/*: one QR code with its child tabs (SPEC §2).
import { Box } from '@mui/material';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ItemHeading } from '../common/ItemHeading';
import { QrCodeTabs, qrCodePath } from './QrCodeTabs';
import { QrCodeEdit } from './QrCodeEdit';
import { QrCodeLinks } from './QrCodeLinks';
import { QrCodeAdvertisements } from '../advertisements/QrCodeAdvertisements';
import { ItemStatistics } from '../statistics/ItemStatistics';
import { ItemAuditLogs } from '../audit-logs/ItemAuditLogs';

export function QrCodePage() {
  const { pid = '', id = '' } = useParams();
  return (
    <Box>
      <ItemHeading resource="qr-codes" pid={pid} id={id} testId="qr-title" />
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
