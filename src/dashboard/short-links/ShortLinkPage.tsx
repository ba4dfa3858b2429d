// /projects/:pid/short-links/:id/*: one short link with its child tabs (SPEC §2).
import { Box } from '@mui/material';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ItemHeading } from '../common/ItemHeading';
import { ItemStatistics } from '../statistics/ItemStatistics';
import { ItemAuditLogs } from '../audit-logs/ItemAuditLogs';
import { ShortLinkEdit } from './ShortLinkEdit';
import { ShortLinkLinks } from './ShortLinkLinks';
import { ShortLinkTabs } from './ShortLinkTabs';
import { shortLinkPaths } from './shortLinkPaths';

export function ShortLinkPage() {
  const { pid = '', id = '' } = useParams();
  return (
    <Box>
      <ItemHeading resource="short-links" pid={pid} id={id} testId="short-link-title" />
      <ShortLinkTabs pid={pid} id={id} />
      <Routes>
        <Route index element={<Navigate to={shortLinkPaths.tab(pid, id)} replace />} />
        <Route path="details/edit" element={<ShortLinkEdit pid={pid} id={id} />} />
        <Route path="qr-links" element={<ShortLinkLinks pid={pid} id={id} />} />
        <Route path="statistics" element={<ItemStatistics projectId={pid} itemId={id} />} />
        <Route path="auditlogs" element={<ItemAuditLogs itemId={id} />} />
        <Route path="*" element={<Navigate to={shortLinkPaths.tab(pid, id)} replace />} />
      </Routes>
    </Box>
  );
}
