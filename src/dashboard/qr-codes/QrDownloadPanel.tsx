// "Test and download": PNG, SVG, PDF and EPS downloads, and a scan test that reads the drawn code
// back and checks it gives exactly the scan URL.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import CheckIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/ReportProblem';
import QrScanIcon from '@mui/icons-material/QrCodeScanner';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QrDesign } from '../../shared/schemas/qrCode';
import { ApiHttpError } from '../providers/http';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { scannabilityWarnings, type ScanCheck } from '../../shared/scannability';
import {
  DOWNLOAD_FORMATS,
  downloadQr,
  fileBaseName,
  saveBlob,
  type DownloadFormat,
} from './download';
import { PrintSettingsInput, printOptions, usePrintSettings } from './PrintSettingsInput';
import type { ScanTestResult } from './scanTest';

export type ScanTestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'done'; result: ScanTestResult }
  | { status: 'error'; error: unknown };

/** A saved item whose print files and scan test come from the server's renderer and gate. */
export interface StoredQrItem {
  /** A QR code (the default) or a short link's QR code. */
  kind?: 'qr_code' | 'short_link';
  projectId: string;
  id: string;
  unsaved?: boolean;
}

export interface QrDownloadPanelProps {
  stored?: StoredQrItem;
  name: string;
  /** The scan URL the code encodes. */
  text: string;
  design: QrDesign;
  /** Run the scan test as soon as the panel shows (the wizard's last step). */
  testOnMount?: boolean;
}

export function QrDownloadPanel({
  stored,
  name,
  text,
  design,
  testOnMount = false,
}: QrDownloadPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  const print = usePrintSettings();
  const [check, setCheck] = useState<ScanCheck | null>(null);
  const storedProjectId = stored?.projectId;
  const storedId = stored?.id;
  const isShortLink = stored?.kind === 'short_link';
  const [test, setTest] = useState<ScanTestState>({ status: 'idle' });
  const designKey = JSON.stringify(design);

  // A changed design or text makes an earlier result stale.
  useEffect(() => setTest({ status: 'idle' }), [designKey, text]);

  const runTest = useCallback(async () => {
    setTest({ status: 'testing' });
    try {
      // zxing-wasm (and its 1 MB .wasm) load only when a test runs.
      if (storedProjectId && storedId) {
        // The server's gate: the same check a download passes.
        const checkItem = isShortLink ? dataProvider.checkShortLink : dataProvider.checkQrCode;
        const { data } = await checkItem(storedProjectId, storedId, print.value.size);
        setCheck(data);
        setTest({
          status: 'done',
          result: {
            isOk: data.ok,
            decoded: data.decoded,
            warnings: scannabilityWarnings(JSON.parse(designKey) as QrDesign, false),
          },
        });
        return;
      }
      const { testScan } = await import('./scanTest');
      const result = await testScan({ text, design: JSON.parse(designKey) as QrDesign });
      setTest({ status: 'done', result });
    } catch (error) {
      setTest({ status: 'error', error });
    }
  }, [text, designKey, storedProjectId, storedId, isShortLink, print.value.size, dataProvider]);

  useEffect(() => {
    if (testOnMount) void runTest();
  }, [testOnMount, runTest]);

  const download = async (format: DownloadFormat) => {
    setBusy(format);
    try {
      if (stored) {
        const downloadItem = isShortLink
          ? dataProvider.downloadShortLink
          : dataProvider.downloadQrCode;
        const blob = await downloadItem(stored.projectId, stored.id, {
          format,
          ...printOptions(print),
        });
        saveBlob(blob, `${fileBaseName(name)}.${format}`);
      } else {
        await downloadQr(format, { name, text, design });
      }
    } catch (error) {
      if (error instanceof ApiHttpError && error.code === 'qr_not_scannable') {
        const failures = error.body?.apiErrors[0]?.meta?.values;
        notify('app.qr_print.refused', {
          type: 'error',
          messageArgs: {
            reasons: (Array.isArray(failures) ? failures : [])
              .map((failure) => translate(`app.qr_print.failures.${String(failure)}`))
              .join(' '),
          },
        });
        return;
      }
      notify('app.qr_codes.download_failed', {
        type: 'error',
        messageArgs: { format: format.toUpperCase() },
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} data-testid="qr-download-panel">
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {translate('app.qr_codes.download')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {DOWNLOAD_FORMATS.map((format) => (
            <Button
              key={format}
              variant="outlined"
              size="small"
              startIcon={busy === format ? <CircularProgress size={16} /> : <DownloadIcon />}
              disabled={busy !== null || stored?.unsaved === true}
              onClick={() => void download(format)}
              data-testid={`qr-download-${format}`}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {translate(stored?.unsaved ? 'app.qr_print.save_first' : 'app.qr_codes.download_hint')}
        </Typography>
        {stored && <PrintSettingsInput {...print} check={check} />}
      </Box>
      <Box>
        <Button
          variant="contained"
          size="small"
          startIcon={test.status === 'testing' ? <CircularProgress size={16} /> : <QrScanIcon />}
          disabled={test.status === 'testing'}
          onClick={() => void runTest()}
          data-testid="qr-test"
        >
          {translate('app.qr_codes.test')}
        </Button>
        <TestResult state={test} text={text} />
      </Box>
    </Stack>
  );
}

function TestResult({ state, text }: { state: ScanTestState; text: string }) {
  const translate = useTranslate();
  if (state.status === 'idle' || state.status === 'testing') return null;
  if (state.status === 'error') {
    return (
      <Alert severity="error" sx={{ mt: 1 }} data-testid="qr-test-result" data-ok="false">
        {translate('app.qr_codes.test_error')}
      </Alert>
    );
  }
  const { result } = state;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Alert
        severity={result.isOk ? 'success' : 'error'}
        icon={result.isOk ? <CheckIcon /> : <WarningIcon />}
        data-testid="qr-test-result"
        data-ok={result.isOk ? 'true' : 'false'}
        data-decoded={result.decoded ?? ''}
      >
        {result.isOk
          ? translate('app.qr_codes.test_ok', { url: text })
          : result.decoded === null
            ? translate('app.qr_codes.test_unreadable')
            : translate('app.qr_codes.test_mismatch', { decoded: result.decoded, url: text })}
      </Alert>
      {result.warnings.map((warning) => (
        <Alert key={warning} severity="warning" data-testid={`qr-test-warning-${warning}`}>
          {translate(`app.qr_design.warnings.${warning}`)}
        </Alert>
      ))}
    </Stack>
  );
}
