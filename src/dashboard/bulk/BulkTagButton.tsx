// Bulk tag: choose one label and link it to every selected item in one call
// (POST /projects/{pid}/labels/{id}/items). Items that already carry 10 labels block the choice
// up front with label_link_limit_reached, as the server would.
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { Link } from 'react-router-dom';
import {
  useDataProvider,
  Button,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { MAX_TAGS_PER_ITEM } from '../../shared/constants';
import type { Label, LabelItemType, LabelSummary } from '../../shared/schemas/label';
import { chipSx } from '../labels/labelColors';
import { labelPaths } from '../labels/labelPaths';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { bulkErrorKey } from './bulkErrors';

/** Items that one more label (not already theirs) would take past the maximum. */
export function itemsOverLimit(
  itemLabels: Record<string, LabelSummary[]>,
  labelId: string,
): string[] {
  return Object.entries(itemLabels)
    .filter(
      ([, labels]) =>
        labels.length >= MAX_TAGS_PER_ITEM && !labels.some((label) => label.id === labelId),
    )
    .map(([id]) => id);
}

type Phase =
  | { status: 'loading' }
  | { status: 'ready'; itemLabels: Record<string, LabelSummary[]> }
  | { status: 'saving'; itemLabels: Record<string, LabelSummary[]> };

export function BulkTagButton({
  projectId,
  itemType,
}: {
  projectId: string;
  itemType: LabelItemType;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  // The list's own methods: its selection may live under a storeKey (one list per project).
  const { selectedIds, onUnselectItems } = useListContext();
  const [isOpen, setOpen] = useState(false);
  const [labelId, setLabelId] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ status: 'loading' });
  const { data: labels = [], isPending } = useGetList<Label>(
    'labels',
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'name', order: 'ASC' },
      meta: { projectId },
    },
    { enabled: isOpen },
  );

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    setPhase({ status: 'loading' });
    dataProvider
      .getItemLabels(projectId, itemType, selectedIds)
      .then((itemLabels) => isCurrent && setPhase({ status: 'ready', itemLabels }))
      // Without the current tags the server still guards the limit; the dialog just cannot warn.
      .catch(() => isCurrent && setPhase({ status: 'ready', itemLabels: {} }));
    return () => {
      isCurrent = false;
    };
  }, [dataProvider, isOpen, projectId, itemType, selectedIds]);

  const itemLabels = phase.status === 'loading' ? {} : phase.itemLabels;
  const full = labelId ? itemsOverLimit(itemLabels, labelId) : [];
  const close = () => {
    setOpen(false);
    setLabelId(null);
  };

  const confirm = async () => {
    if (!labelId || phase.status !== 'ready') return;
    setPhase({ status: 'saving', itemLabels: phase.itemLabels });
    try {
      await dataProvider.tagItems(projectId, labelId, itemType, selectedIds);
      const name = labels.find((label) => label.id === labelId)?.name ?? '';
      notify('app.bulk.tagged', {
        type: 'success',
        messageArgs: { smart_count: selectedIds.length, name },
      });
      onUnselectItems();
      refresh();
      close();
    } catch (error) {
      notify(bulkErrorKey(error) ?? 'app.bulk.tag_failed', { type: 'error' });
      setPhase({ status: 'ready', itemLabels: phase.itemLabels });
    }
  };

  return (
    <>
      <Button label="app.bulk.tag" onClick={() => setOpen(true)} data-testid="bulk-tag">
        <LabelIcon />
      </Button>
      <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs" data-testid="bulk-tag-dialog">
        <DialogTitle>
          {translate('app.bulk.tag_title', { smart_count: selectedIds.length })}
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {!isPending && labels.length === 0 ? (
            <Box sx={{ p: 2 }}>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.labels.no_options')}
              </Typography>
              <MuiButton component={Link} to={labelPaths.add(projectId)} size="small">
                {translate('app.labels.create')}
              </MuiButton>
            </Box>
          ) : (
            <List dense sx={{ maxHeight: 320, overflow: 'auto' }}>
              {labels.map((label) => (
                <ListItemButton
                  key={label.id}
                  selected={label.id === labelId}
                  onClick={() => setLabelId(label.id)}
                  data-testid="bulk-tag-option"
                  data-label-id={label.id}
                >
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    {label.id === labelId ? <CheckIcon fontSize="small" color="primary" /> : null}
                  </ListItemIcon>
                  <ListItemText
                    primary={<Chip size="small" label={label.name} sx={chipSx(label)} />}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
          {full.length > 0 && (
            <Alert severity="error" sx={{ m: 2 }} data-testid="bulk-tag-limit">
              {translate('errors.api.label_link_limit_reached')}{' '}
              {translate('app.bulk.tag_limit_items', { smart_count: full.length })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            onClick={() => void confirm()}
            disabled={!labelId || phase.status !== 'ready' || full.length > 0}
            data-testid="bulk-tag-confirm"
          >
            {translate('app.bulk.tag_confirm')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
