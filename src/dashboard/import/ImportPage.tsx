// /projects/:pid/import (issue 15): upload a CSV or XLSX file (ours, or a Shlink, Dub or Bitly
// export), see every row's errors before anything is written, then import the good rows in one
// job with a progress bar. The column that recognises rows makes a second upload change nothing.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { apiErrorKey, type ApiError } from '../../shared/errors';
import { IMPORT_KINDS, type ImportKind } from '../../shared/schemas/import';
import type { importPreviewSchema } from '../../shared/schemas/responses';
import { HeadedTable } from '../common/HeadedTable';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ApiHttpError } from '../providers/http';

/** The preview route's answer, plus the label names the import will make, which the server sends
 * but the answer's schema does not list yet. */
type Preview = z.infer<typeof importPreviewSchema> & { newLabels: string[] };

interface Job {
  id: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  skipped: number;
  failed: number;
}

const POLL_MS = 500;
/** How many new label names the preview spells out; the rest are counted. */
const NEW_LABELS_SHOWN = 20;

/** A refusal of the file, as its errors. */
async function fileErrors<T>(sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    throw error instanceof ApiHttpError ? error.body.apiErrors : [{ code: 'internal', detail: '' }];
  }
}

export function ImportPage() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<ImportKind>('qr_code');
  const [keyColumn, setKeyColumn] = useState<string>('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [problem, setProblem] = useState<ApiError[] | null>(null);
  const [busy, setBusy] = useState(false);

  const queryOf = (withKey: boolean) => (withKey ? { kind, keyColumn } : { kind });

  const check = async (chosen: File, withKey: boolean) => {
    setBusy(true);
    setProblem(null);
    setJob(null);
    try {
      const answer = await fileErrors(
        dataProvider.previewImport<Preview>(pid, chosen, queryOf(withKey)),
      );
      setPreview(answer);
      if (!withKey) setKeyColumn(answer.keyColumn ?? '');
    } catch (errors) {
      setPreview(null);
      setProblem(errors as ApiError[]);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setJob(await fileErrors(dataProvider.startImport<Job>(pid, file, queryOf(true))));
    } catch (errors) {
      setProblem(errors as ApiError[]);
    } finally {
      setBusy(false);
    }
  };

  // The progress bar follows the job until it is done.
  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setJob(await dataProvider.getImportJob<Job>(pid, job.id));
      } catch {
        // The next look tries again.
        setJob({ ...job });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [dataProvider, job, pid]);

  const problemText = (error: { code: string; meta?: Record<string, unknown> }) => {
    const problem = translate(apiErrorKey(error.code), error.meta ?? {});
    // An error at one name of the tags column says which name.
    const tag = error.meta?.tag;
    return typeof tag === 'string'
      ? translate('app.import.tag_problem', { tag, problem })
      : problem;
  };

  const percent = job && job.total ? Math.round((job.processed / job.total) * 100) : 0;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.import.title')} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            {translate('app.import.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.import.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
            <TextField
              select
              size="small"
              label={translate('app.import.kind')}
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as ImportKind);
                setPreview(null);
              }}
              sx={{ minWidth: 200 }}
            >
              {IMPORT_KINDS.map((value) => (
                <MenuItem key={value} value={value}>
                  {translate(`app.import.kinds.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={busy}>
              {file ? file.name : translate('app.import.choose_file')}
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv"
                data-testid="import-file"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen);
                  if (chosen) void check(chosen, false);
                }}
              />
            </Button>
          </Stack>
          {problem && (
            <Alert severity="error" data-testid="import-problem">
              {problem
                .map((error) => translate(apiErrorKey(error.code), error.meta ?? {}))
                .join(' ')}
            </Alert>
          )}
          {preview && file && (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
                <TextField
                  select
                  size="small"
                  label={translate('app.import.key_column')}
                  helperText={translate('app.import.key_column_help')}
                  value={keyColumn}
                  onChange={(event) => {
                    setKeyColumn(event.target.value);
                  }}
                  sx={{ minWidth: 240 }}
                >
                  <MenuItem value="">{translate('app.import.no_key')}</MenuItem>
                  {preview.headers.map((header) => (
                    <MenuItem key={header} value={header}>
                      {header}
                    </MenuItem>
                  ))}
                </TextField>
                <Button onClick={() => void check(file, true)} disabled={busy}>
                  {translate('app.import.check_again')}
                </Button>
              </Stack>
              <Alert severity={preview.invalid ? 'warning' : 'info'} data-testid="import-summary">
                {translate('app.import.summary', {
                  format: translate(`app.import.formats.${preview.format}`),
                  total: preview.total,
                  valid: preview.valid,
                  invalid: preview.invalid,
                  already: preview.alreadyImported,
                })}
              </Alert>
              {preview.newLabels.length > 0 && (
                <Alert severity="info" data-testid="import-new-labels">
                  {translate('app.import.new_labels', {
                    names: [
                      ...preview.newLabels.slice(0, NEW_LABELS_SHOWN),
                      ...(preview.newLabels.length > NEW_LABELS_SHOWN
                        ? [`+${preview.newLabels.length - NEW_LABELS_SHOWN}`]
                        : []),
                    ].join(', '),
                  })}
                </Alert>
              )}
              {preview.errors.length > 0 && (
                <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                  <HeadedTable
                    testId="import-errors"
                    columns={['app.import.line', 'app.import.field', 'app.import.problem']}
                  >
                    {preview.errors.flatMap((row) =>
                      row.errors.map((error, index) => (
                        <TableRow key={`${row.line}-${index}`}>
                          <TableCell>{row.line}</TableCell>
                          <TableCell>{error.source?.pointer.slice(1) ?? ''}</TableCell>
                          <TableCell>{problemText(error)}</TableCell>
                        </TableRow>
                      )),
                    )}
                  </HeadedTable>
                </Box>
              )}
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void start()}
                  disabled={
                    busy ||
                    preview.valid - preview.alreadyImported === 0 ||
                    job?.status === 'running'
                  }
                  data-testid="import-start"
                >
                  {translate('app.import.start', {
                    smart_count: preview.valid - preview.alreadyImported,
                  })}
                </Button>
              </Box>
            </>
          )}
          {job && (
            <Stack spacing={1} data-testid="import-progress" data-status={job.status}>
              <LinearProgress variant="determinate" value={percent} />
              <Typography variant="body2">
                {translate(`app.import.status.${job.status}`, {
                  processed: job.processed,
                  total: job.total,
                  created: job.created,
                  skipped: job.skipped,
                  failed: job.failed,
                })}
              </Typography>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
