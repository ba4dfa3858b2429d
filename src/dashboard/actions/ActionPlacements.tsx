// /projects/:pid/qr-link/:id/placements (issue 16 part 7): the QR link's QR codes side by side
// (scans, unique visitors, share) over a date range, and new placements made from a list of
// names, one per line, in one request. Every call goes through the dataProvider.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { HeadedTable } from '../common/HeadedTable';
import { Title, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { namesFromLines, PLACEMENTS_MAX } from '../../shared/schemas/placement';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ApiHttpError, toFieldErrors } from '../providers/http';
import { ActionTabs } from './ActionTabs';
import { formatLocale } from '../../shared/locale';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

export function ActionPlacements() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(() => dateOnly(new Date(Date.now() - 29 * DAY_MS)));
  const [to, setTo] = useState(() => dateOnly(new Date()));
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const rangeIsValid = Boolean(from && to && from <= to);

  const statistics = useQuery({
    queryKey: ['actions', pid, id, 'placements', from, to],
    queryFn: async () => (await dataProvider.getPlacementStatistics(pid, id, { from, to })).data,
    enabled: rangeIsValid,
  });
  const names = namesFromLines(text);
  const create = useMutation({
    mutationFn: () => dataProvider.createPlacements(pid, id, names),
    onSuccess: ({ data }) => {
      setText('');
      setFieldError(null);
      notify('app.placements.created', {
        type: 'success',
        messageArgs: { smart_count: data.length },
      });
      void queryClient.invalidateQueries({ queryKey: ['actions', pid, id] });
    },
    onError: (error) => {
      const first = error instanceof ApiHttpError ? error.body.apiErrors[0] : undefined;
      const message = first ? Object.values(toFieldErrors([first]))[0] : null;
      setFieldError(
        message
          ? translate(message.message, message.args)
          : translate('app.placements.create_error'),
      );
    },
  });
  const tooMany = names.length > PLACEMENTS_MAX;
  const percent = new Intl.NumberFormat(formatLocale(locale), {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const count = new Intl.NumberFormat(formatLocale(locale));

  return (
    <>
      <Title title={translate('app.actions.page_tabs.placements')} />
      <ActionTabs projectId={pid} id={id} />
      <Stack spacing={2}>
        <Card data-testid="placements-create">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.placements.create_title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('app.placements.create_help')}
            </Typography>
            <TextField
              label={translate('app.placements.names')}
              multiline
              minRows={3}
              fullWidth
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={Boolean(fieldError) || tooMany}
              helperText={
                fieldError ??
                (tooMany
                  ? translate('app.placements.too_many', { max: PLACEMENTS_MAX })
                  : translate('app.placements.names_help'))
              }
              inputProps={{ 'data-testid': 'placements-names' }}
            />
            <Box sx={{ mt: 2 }}>
              <Button
                variant="contained"
                disabled={names.length === 0 || tooMany || create.isPending}
                onClick={() => create.mutate()}
                data-testid="placements-create-button"
              >
                {translate('app.placements.create', { smart_count: names.length })}
              </Button>
            </Box>
          </CardContent>
        </Card>
        <Card data-testid="placements-compare">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.placements.compare_title')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
              <TextField
                type="date"
                label={translate('app.placements.from')}
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                label={translate('app.placements.to')}
                value={to}
                onChange={(event) => setTo(event.target.value)}
                error={!rangeIsValid}
                helperText={rangeIsValid ? ' ' : translate('notifications.endDateBeforeStartDate')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            {statistics.isFetching && <LinearProgress />}
            {statistics.isError && (
              <Alert severity="error">{translate('app.placements.load_error')}</Alert>
            )}
            {statistics.data && statistics.data.length === 0 && (
              <Typography color="text.secondary">{translate('app.placements.empty')}</Typography>
            )}
            {statistics.data && statistics.data.length > 0 && (
              <HeadedTable
                label="app.placements.compare_title"
                columns={[
                  'app.placements.name',
                  'app.placements.code',
                  { label: 'app.placements.scans', align: 'right' },
                  { label: 'app.placements.unique_visitors', align: 'right' },
                  { label: 'app.placements.share', sx: { width: '30%' } },
                ]}
              >
                {statistics.data.map((row) => (
                  <TableRow key={row.id} data-testid="placement-row">
                    <TableCell>{row.name}</TableCell>
                    <TableCell>{row.code}</TableCell>
                    <TableCell align="right">{count.format(row.scans)}</TableCell>
                    <TableCell align="right">{count.format(row.uniqueVisitors)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center">
                        <LinearProgress
                          variant="determinate"
                          value={row.share * 100}
                          sx={{ flex: 1, height: 8, borderRadius: 1 }}
                          aria-label={row.name}
                        />
                        <span>{percent.format(row.share)}</span>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </HeadedTable>
            )}
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
