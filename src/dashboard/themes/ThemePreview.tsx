// The live preview: a phone-sized frame showing the landing page the scan service itself renders
// with the form's current settings (POST /projects/{pid}/themes/preview, debounced), so what the
// editor shows is exactly what a scan will show.
import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { useWatch } from 'react-hook-form';
import { PHONE, PhoneFrame, PhoneLoading, PhonePage } from '../common/PhoneFrame';

export const PREVIEW_DEBOUNCE_MS = 300;

type PreviewState =
  { status: 'loading' } | { status: 'ready' } | { status: 'invalid' } | { status: 'error' };

export function ThemePreview({ projectId, scale = 0.8 }: { projectId: string; scale?: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const settings = useWatch({ name: 'settings' }) as unknown;
  const body = JSON.stringify({ settings: settings ?? {} });
  const [html, setHtml] = useState<string | null>(null);
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: 'loading' });
      try {
        const html = await dataProvider.previewTheme(
          projectId,
          JSON.parse(body).settings,
          controller.signal,
        );
        if (request !== latest.current) return;
        setHtml(html);
        setState({ status: 'ready' });
      } catch (error) {
        if (controller.signal.aborted || request !== latest.current) return;
        setState({ status: (error as { status?: number }).status === 422 ? 'invalid' : 'error' });
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, projectId, dataProvider]);

  return (
    <Box
      sx={{ width: PHONE.width * scale + 20, flexShrink: 0 }}
      data-testid="theme-preview"
      data-state={state.status}
    >
      <PhoneFrame scale={scale} sx={{ position: 'relative', overflow: 'hidden' }}>
        {html !== null && (
          <PhonePage
            title={translate('app.themes.preview')}
            html={html}
            // No scripts ever; same origin only so the file API's images (CORP same-origin) load.
            sandbox="allow-same-origin"
            scale={scale}
          />
        )}
        {state.status === 'loading' && <PhoneLoading />}
      </PhoneFrame>
      <Typography
        variant="caption"
        color={state.status === 'invalid' || state.status === 'error' ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mt: 1, textAlign: 'center' }}
        data-testid="theme-preview-status"
      >
        {translate(
          state.status === 'invalid'
            ? 'app.themes.preview_invalid'
            : state.status === 'error'
              ? 'app.themes.preview_error'
              : 'app.themes.preview_hint',
        )}
      </Typography>
    </Box>
  );
}
