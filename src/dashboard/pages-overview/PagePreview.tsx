// The live preview of a page: a phone-sized frame with the landing page the scan service renders
// (GET /projects/{pid}/pages/{id}/preview: same renderer and theme, no scan counted). A file
// Action has no page of ours: a scan opens the file, so the frame offers that file.
import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { PhoneFrame, PhoneLoading, PhonePage } from '../common/PhoneFrame';
import { fileSourceOf, type PageRecord } from './pageKinds';

type PreviewState = { status: 'loading' } | { status: 'ready'; html: string } | { status: 'error' };

function usePreviewHtml(projectId: string, page: PageRecord): PreviewState {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const isFile = page.objectType === 'file';
  useEffect(() => {
    if (isFile) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    dataProvider
      .previewPage(projectId, page.id, controller.signal)
      .then((html) => setState({ status: 'ready', html }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
    // updatedAt: an edited Action is drawn again.
  }, [projectId, page.id, page.updatedAt, isFile, dataProvider]);
  return state;
}

function FileCard({ page }: { page: PageRecord }) {
  const translate = useTranslate();
  const file = fileSourceOf(page);
  return (
    <Stack spacing={2} sx={{ p: 3, alignItems: 'center', textAlign: 'center', mt: 8 }}>
      <FileIcon sx={{ fontSize: 56 }} color="action" />
      <Typography variant="subtitle1" sx={{ wordBreak: 'break-all' }}>
        {file?.name ?? translate('app.pages.no_file')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.pages.file_hint')}
      </Typography>
      {file && (
        <Button
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          size="small"
        >
          {translate('app.pages.open_file')}
        </Button>
      )}
    </Stack>
  );
}

export function PagePreview({
  projectId,
  page,
  scale = 0.75,
}: {
  projectId: string;
  page: PageRecord;
  scale?: number;
}) {
  const translate = useTranslate();
  const state = usePreviewHtml(projectId, page);
  const isFile = page.objectType === 'file';
  return (
    <Box data-testid="page-preview" data-state={isFile ? 'file' : state.status}>
      <PhoneFrame scale={scale} sx={{ mx: 'auto' }} screenSx={{ color: '#111827' }}>
        {isFile ? (
          <FileCard page={page} />
        ) : state.status === 'ready' ? (
          <PhonePage
            title={translate('app.pages.preview_title', { name: page.name })}
            html={state.html}
            // No scripts, no navigation, no same-origin access: the page is only looked at.
            sandbox=""
            scale={scale}
          />
        ) : state.status === 'loading' ? (
          <PhoneLoading />
        ) : (
          <Typography color="error" sx={{ p: 3, mt: 8, textAlign: 'center' }}>
            {translate('app.pages.preview_error')}
          </Typography>
        )}
      </PhoneFrame>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 1, textAlign: 'center' }}
      >
        {translate('app.pages.preview_note')}
      </Typography>
    </Box>
  );
}
