// The print pack of the selected QR codes, made on the server (GET …/qr-codes/print-pack): SVG,
// PDF, EPS and PNG per code, a manifest and an A4 label sheet, saved as print-pack.zip. The
// button counts finished codes while the ZIP streams in.
import { useState } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { saveBlob } from '../qr-codes/download';
import {
  LabeledCheckbox,
  PrintSettingsInput,
  printOptions,
  usePrintSettings,
} from '../qr-codes/PrintSettingsInput';
import type { QrCodeRecord } from '../qr-codes/types';
import { useSelectedRecords } from './useBulkSelection';

export const PRINT_PACK_FILE_NAME = 'print-pack.zip';

type State = { status: 'idle' } | { status: 'busy'; done: number; total: number };

export function BulkDownloadButton({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const selectedRecords = useSelectedRecords<QrCodeRecord>(projectId);
  const [open, setOpen] = useState(false);
  const print = usePrintSettings();
  const [state, setState] = useState<State>({ status: 'idle' });

  const build = async () => {
    setState({ status: 'busy', done: 0, total: 0 });
    try {
      const records = await selectedRecords();
      const ids = records.map((record) => String(record.id));
      setState({ status: 'busy', done: 0, total: ids.length });
      const zip = await dataProvider.printPack(projectId, ids, printOptions(print), (done, total) =>
        setState({ status: 'busy', done, total }),
      );
      saveBlob(zip, PRINT_PACK_FILE_NAME);
      setOpen(false);
    } catch {
      notify('app.bulk.download_failed', { type: 'error' });
    } finally {
      setState({ status: 'idle' });
    }
  };

  const busy = state.status === 'busy';
  return (
    <>
      <Button
        label={translate('app.bulk.print_pack')}
        onClick={() => setOpen(true)}
        data-testid="bulk-download-zip"
      >
        <DownloadIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('app.bulk.print_pack')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {translate('app.bulk.print_pack_help')}
          </Typography>
          <PrintSettingsInput {...print} check={null} />
          <LabeledCheckbox
            label={translate('app.bulk.print_pack_force')}
            checked={print.force}
            testId="bulk-print-pack-force"
            onChange={print.onForceChange}
          />
          {busy && (
            <>
              <LinearProgress
                variant={state.total > 0 ? 'determinate' : 'indeterminate'}
                value={state.total > 0 ? (100 * state.done) / state.total : 0}
                sx={{ mt: 2 }}
              />
              <Typography variant="caption" data-testid="bulk-print-pack-progress">
                {translate('app.bulk.downloading', { done: state.done, total: state.total })}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            variant="contained"
            onClick={() => void build()}
            disabled={busy || !(print.value.size >= 10)}
            data-testid="bulk-print-pack-build"
          >
            {translate('app.bulk.print_pack_build')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
