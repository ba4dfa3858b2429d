// /projects/:pid/qr-code/:id/qr-links: which Action the code leads to. Changing it changes where
// the printed code goes; none leaves the code inactive (it can still be printed).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { Link } from 'react-router-dom';
import { useGetList, useGetOne, useTranslate, useUpdate } from 'react-admin';
import { actionPaths } from '../actions/actionPaths';
import { ActionLabel } from './ActionLabel';
import { QR_NOTICES, useResultNotify, type QrTypeWord } from '../useNotifications';
import type { ActionSummary, QrCodeRecord } from './types';

export const actionEditPath = actionPaths.detailsEdit;
export const actionCreatePath = actionPaths.add;

export function useProjectActions(projectId: string) {
  return useGetList<ActionSummary>('actions', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    meta: { projectId },
  });
}

/** A native select: quick with many Actions, and plain to drive from tests. */
export function ActionSelect({
  projectId,
  value,
  onChange,
  allowNone = true,
  testId = 'qr-action-select',
}: {
  projectId: string;
  value: string | null;
  onChange: (actionId: string | null) => void;
  allowNone?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const { data = [], isPending, error } = useProjectActions(projectId);
  return (
    <TextField
      select
      label={translate('resources.qr-codes.fields.action')}
      value={value ?? ''}
      disabled={isPending}
      error={!!error}
      helperText={error ? translate('app.qr_codes.actions_load_failed') : undefined}
      sx={{ minWidth: 320, maxWidth: '100%' }}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">
        {allowNone ? translate('app.qr_codes.no_action') : translate('app.qr_codes.choose_action')}
      </option>
      {data.map((action) => (
        <option key={action.id} value={action.id}>
          {`${action.name} (${translate(`app.qr_codes.action_types.${action.objectType}`)})`}
        </option>
      ))}
    </TextField>
  );
}

export function QrCodeLinks({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const { success, failure } = useResultNotify<QrTypeWord>(QR_NOTICES);
  const meta = { projectId: pid };
  const { data: record, refetch } = useGetOne<QrCodeRecord>('qr-codes', { id, meta });
  const [selected, setSelected] = useState<string | null>(null);
  const [update, { isPending: isSaving }] = useUpdate<QrCodeRecord>();

  useEffect(() => {
    if (record) setSelected(record.actionId);
  }, [record]);

  if (!record) return null;
  const isChanged = selected !== record.actionId;

  const save = () =>
    update(
      'qr-codes',
      { id, data: { actionId: selected }, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          success('qr_code', 'saved');
          void refetch();
        },
        onError: (error) => failure('qr_code', 'saving', error),
      },
    );

  return (
    <Card data-testid="qr-links">
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.qr_codes.current_action')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
              <ActionLabel action={record.action} />
              {record.action && (
                <Button
                  size="small"
                  component={Link}
                  to={actionEditPath(pid, record.action.id)}
                  startIcon={<OpenIcon />}
                  data-testid="qr-action-open"
                >
                  {translate('app.qr_codes.open_action')}
                </Button>
              )}
            </Stack>
          </Box>
          <Typography color="text.secondary">{translate('app.qr_codes.links_help')}</Typography>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}
          >
            <ActionSelect projectId={pid} value={selected} onChange={setSelected} />
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!isChanged || isSaving}
              onClick={save}
              data-testid="qr-action-save"
            >
              {translate('ra.action.save')}
            </Button>
          </Stack>
          {selected === null && (
            <Alert severity="info" data-testid="qr-inactive-note">
              {translate('app.qr_codes.inactive_note')}
            </Alert>
          )}
          <Box>
            <Button
              component={Link}
              to={actionCreatePath(pid)}
              startIcon={<AddIcon />}
              data-testid="qr-action-create"
            >
              {translate('app.qr_codes.create_action')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
