// Bulk download of QR codes: a ZIP of PNG or SVG files, drawn in the browser, saved as
// qr-codes.zip.
import { useState } from 'react';
import { ListItemText, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useNotify, useTranslate } from 'react-admin';
import { normaliseDesign } from '../design/QrDesignInput';
import { saveBlob } from '../qr-codes/download';
import type { QrCodeRecord } from '../qr-codes/types';
import { buildQrZip, ZIP_FILE_NAME, ZIP_FORMATS, type ZipFormat } from './qrZip';
import { useSelectedRecords } from './useBulkSelection';

type State = { status: 'idle' } | { status: 'busy'; done: number; total: number };

export function BulkDownloadButton({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const selectedRecords = useSelectedRecords<QrCodeRecord>(projectId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });

  const download = async (format: ZipFormat) => {
    setAnchor(null);
    setState({ status: 'busy', done: 0, total: 0 });
    try {
      const records = await selectedRecords();
      const zip = await buildQrZip(
        records.map((record) => ({
          name: record.name,
          text: record.scanUrl,
          design: normaliseDesign(record.design),
        })),
        format,
        (done, total) => setState({ status: 'busy', done, total }),
      );
      saveBlob(new Blob([zip], { type: 'application/zip' }), ZIP_FILE_NAME);
    } catch {
      notify('app.bulk.download_failed', { type: 'error' });
    } finally {
      setState({ status: 'idle' });
    }
  };

  const label =
    state.status === 'busy' && state.total > 0
      ? translate('app.bulk.downloading', { done: state.done, total: state.total })
      : translate('app.bulk.download');
  return (
    <>
      <Button
        label={label}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={state.status === 'busy'}
        aria-haspopup="menu"
        data-testid="bulk-download-zip"
      >
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ZIP_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => void download(format)}
            data-testid={`bulk-download-${format}`}
          >
            <ListItemText
              primary={translate(`app.bulk.download_${format}`)}
              secondary={translate(`app.bulk.download_${format}_help`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
