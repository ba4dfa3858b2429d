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
import { typeLabelKey } from '../actions/actionTypes';
import { ActionLabel } from './ActionLabel';
import { QR_NOTICES, useResultNotify, type NoticeWords } from '../useNotifications';
import type { ActionSummary, QrCodeRecord } from './types';

/** What the Action screen reads of an item: its Action and that Action's summary. */
type ItemWithAction = Pick<QrCodeRecord, 'id' | 'actionId' | 'action'>;

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
          {`${action.name} (${translate(typeLabelKey(action.objectType))})`}
        </option>
      ))}
    </TextField>
  );
}

/** How one kind of project item names its Action screen: resource, words, notices, test ids. */
export interface ItemLinksKind {
  resource: 'qr-codes' | 'short-links';
  /** The kind's translation keys (current_action, open_action, links_help, …). */
  words: 'app.qr_codes' | 'app.short_links';
  notices: NoticeWords;
  /** The item's word in the notices. */
  type: 'qr_code' | 'short_link';
  /** Prefix of the test ids: `${testId}-links`, `${testId}-action-save`, … */
  testId: string;
}

const QR_CODE_LINKS: ItemLinksKind = {
  resource: 'qr-codes',
  words: 'app.qr_codes',
  notices: QR_NOTICES,
  type: 'qr_code',
  testId: 'qr',
};

/**
 * Which Action a QR code or short link leads to (issue 8, part 5: one screen for both kinds).
 * Changing it changes where the item goes; none leaves it inactive.
 */
export function ItemLinks({ pid, id, kind }: { pid: string; id: string; kind: ItemLinksKind }) {
  const translate = useTranslate();
  const { success, failure } = useResultNotify<string, string, string>(kind.notices);
  const meta = { projectId: pid };
  const { data: record, refetch } = useGetOne<ItemWithAction>(kind.resource, { id, meta });
  const [selected, setSelected] = useState<string | null>(null);
  const [update, { isPending: isSaving }] = useUpdate<ItemWithAction>();
  const word = (key: string) => translate(`${kind.words}.${key}`);

  useEffect(() => {
    if (record) setSelected(record.actionId);
  }, [record]);

  if (!record) return null;
  const isChanged = selected !== record.actionId;

  const save = () =>
    update(
      kind.resource,
      { id, data: { actionId: selected }, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          success(kind.type, 'saved');
          void refetch();
        },
        onError: (error) => failure(kind.type, 'saving', error),
      },
    );

  return (
    <Card data-testid={`${kind.testId}-links`}>
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {word('current_action')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
              <ActionLabel action={record.action} />
              {record.action && (
                <Button
                  size="small"
                  component={Link}
                  to={actionEditPath(pid, record.action.id)}
                  startIcon={<OpenIcon />}
                  data-testid={`${kind.testId}-action-open`}
                >
                  {word('open_action')}
                </Button>
              )}
            </Stack>
          </Box>
          <Typography color="text.secondary">{word('links_help')}</Typography>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}
          >
            <ActionSelect
              projectId={pid}
              value={selected}
              onChange={setSelected}
              testId={`${kind.testId}-action-select`}
            />
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!isChanged || isSaving}
              onClick={save}
              data-testid={`${kind.testId}-action-save`}
            >
              {translate('ra.action.save')}
            </Button>
          </Stack>
          {selected === null && (
            <Alert severity="info" data-testid={`${kind.testId}-inactive-note`}>
              {word('inactive_note')}
            </Alert>
          )}
          <Box>
            <Button
              component={Link}
              to={actionCreatePath(pid)}
              startIcon={<AddIcon />}
              data-testid={`${kind.testId}-action-create`}
            >
              {word('create_action')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function QrCodeLinks({ pid, id }: { pid: string; id: string }) {
  return <ItemLinks pid={pid} id={id} kind={QR_CODE_LINKS} />;
}
