// /projects/:pid/short-links/:id/*: one short link with its child tabs (SPEC §2).
import { Box, Typography } from '@mui/material';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { ShortLink } from '../../shared/schemas/shortLink';
import { ItemStatistics } from '../statistics/ItemStatistics';
import { ItemAuditLogs } from '../audit-logs/ItemAuditLogs';
import { ShortLinkEdit } from './ShortLinkEdit';
import { ShortLinkLinks } from './ShortLinkLinks';
import { ShortLinkTabs } from './ShortLinkTabs';
import { shortLinkPaths } from './shortLinkPaths';

function Heading({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<ShortLink>('short-links', { id, meta: { projectId: pid } });
  const title = data?.name ?? translate('resources.short-links.name', { smart_count: 1 });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }} data-testid="short-link-title">
        {title}
      </Typography>
    </>
  );
}

export function ShortLinkPage() {
  const { pid = '', id = '' } = useParams();
  return (
    <Box>
      <Heading pid={pid} id={id} />
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
