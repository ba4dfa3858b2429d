// "Export" on a list's toolbar: the whole list as a CSV file, straight from the API (issue 15).
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { API_BASE } from '../../shared/constants';

export type ExportList = 'qr-codes' | 'short-links' | 'actions' | 'labels';

export function ExportButton({ pid, list }: { pid: string; list: ExportList }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      href={`${API_BASE}/projects/${pid}/exports/${list}`}
      download={`${list}.csv`}
      data-testid={`export-${list}`}
    >
      {translate('app.import.export')}
    </Button>
  );
}
