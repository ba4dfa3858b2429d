// /projects/:pid/short-links/:id/qr-links (shortLink{product}s): which Action the link leads to.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { Link } from 'react-router-dom';
import { useGetOne, useTranslate, useUpdate } from 'react-admin';
import type { ShortLink } from '../../shared/schemas/shortLink';
import { ActionLabel } from '../qr-codes/ActionLabel';
import { ActionSelect, actionCreatePath, actionEditPath } from '../qr-codes/QrCodeLinks';
import type { QrCodeRecord } from '../qr-codes/types';
import {
  LINK_NOTICES,
  useResultNotify,
  type LinkDoingWord,
  type LinkDoneWord,
  type LinkTypeWord,
} from '../useNotifications';

export function ShortLinkLinks({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const { success, failure } = useResultNotify<LinkTypeWord, LinkDoneWord, LinkDoingWord>(
    LINK_NOTICES,
  );
  const meta = { projectId: pid };
  const { data: record, refetch } = useGetOne<ShortLink>('short-links', { id, meta });
  const [selected, setSelected] = useState<string | null>(null);
  const [update, { isPending: isSaving }] = useUpdate<ShortLink>();

  useEffect(() => {
    if (record) setSelected(record.actionId);
  }, [record]);

  if (!record) return null;
  const isChanged = selected !== record.actionId;

  const save = () =>
    update(
      'short-links',
      { id, data: { actionId: selected }, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          success('short_link', 'saved');
          void refetch();
        },
        onError: (error) => failure('short_link', 'saving', error),
      },
    );

  return (
    <Card data-testid="short-link-links">
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.short_links.current_action')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
              <ActionLabel action={record.action as QrCodeRecord['action']} />
              {record.action && (
                <Button
                  size="small"
                  component={Link}
                  to={actionEditPath(pid, record.action.id)}
                  startIcon={<OpenIcon />}
                >
                  {translate('app.short_links.open_action')}
                </Button>
              )}
            </Stack>
          </Box>
          <Typography color="text.secondary">{translate('app.short_links.links_help')}</Typography>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}
          >
            <ActionSelect
              projectId={pid}
              value={selected}
              onChange={setSelected}
              testId="short-link-action-select"
            />
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!isChanged || isSaving}
              onClick={save}
              data-testid="short-link-action-save"
            >
              {translate('ra.action.save')}
            </Button>
          </Stack>
          {selected === null && (
            <Alert severity="info">{translate('app.short_links.inactive_note')}</Alert>
          )}
          <Box>
            <Button component={Link} to={actionCreatePath(pid)} startIcon={<AddIcon />}>
              {translate('app.short_links.create_action')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
