// An item's tags, edited in place: an autocomplete of the project's tags (at most 10), saved at
// once through PUT …/{items}/{id}/labels. Works for QR codes, short links and Actions.
import { useEffect, useState } from 'react';
import { Autocomplete, Chip, CircularProgress, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { MAX_TAGS_PER_ITEM } from '../../shared/constants';
import type { Label, LabelItemType, LabelSummary } from '../../shared/schemas/label';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { useLinkNotify } from '../useNotifications';
import { chipSx } from './labelColors';

/** The react-admin resource of each item type, whose cached records carry `labels`. */
const RESOURCE_OF: Record<LabelItemType, string> = {
  qr_code: 'qr-codes',
  short_link: 'short-links',
  action: 'actions',
};

export interface LabelsInputProps {
  itemType: LabelItemType;
  itemId: string;
  /** Defaults to the record's projectId. */
  projectId?: string;
  /** The item's tags now; defaults to the record's `labels`. */
  labels?: LabelSummary[];
  onSaved?: (labels: LabelSummary[]) => void;
}

export function LabelsInput({ itemType, itemId, projectId, labels, onSaved }: LabelsInputProps) {
  const translate = useTranslate();
  const record = useRecordContext<{ projectId?: string; labels?: LabelSummary[] }>();
  const pid = projectId ?? record?.projectId;
  const initial = labels ?? record?.labels;
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const notify = useNotify();
  const { failure } = useLinkNotify();
  const [value, setValue] = useState<LabelSummary[]>(initial ?? []);
  const [isSaving, setSaving] = useState(false);
  const initialKey = JSON.stringify((initial ?? []).map((label) => label.id));

  // A refetched record (another tab, a save elsewhere) replaces what is shown.
  useEffect(() => {
    setValue(initial ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialKey]);

  const { data: options = [], isPending } = useGetList<Label>(
    'labels',
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'name', order: 'ASC' },
      meta: pid ? { projectId: pid } : undefined,
    },
    { enabled: !!pid },
  );

  const save = async (next: LabelSummary[]) => {
    if (!pid) return;
    const previous = value;
    setValue(next);
    setSaving(true);
    try {
      const { data: saved } = await dataProvider.setItemLabels(
        pid,
        itemType,
        itemId,
        next.map((label) => label.id),
      );
      setValue(saved);
      notify('app.labels.saved', { type: 'success' });
      onSaved?.(saved);
      // Lists and details of this resource show the tags too.
      await queryClient.invalidateQueries({ queryKey: [RESOURCE_OF[itemType]] });
      await queryClient.invalidateQueries({ queryKey: ['labels'] });
    } catch (error) {
      setValue(previous);
      failure('labels', 'saving', error);
    } finally {
      setSaving(false);
    }
  };

  const isFull = value.length >= MAX_TAGS_PER_ITEM;
  return (
    <Autocomplete<LabelSummary, true>
      multiple
      options={options.map(({ id, name, color }) => ({ id, name, color }))}
      value={value}
      loading={isPending}
      disabled={!pid}
      filterSelectedOptions
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.name}
      getOptionDisabled={() => isFull}
      onChange={(_event, next) => void save(next.slice(0, MAX_TAGS_PER_ITEM))}
      noOptionsText={translate('app.labels.no_options')}
      renderValue={(selected, getItemProps) =>
        selected.map((label, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={label.name}
              sx={chipSx(label)}
              data-testid="label-chip"
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.labels.input_label')}
          helperText={translate('app.labels.input_help', {
            count: value.length,
            max: MAX_TAGS_PER_ITEM,
          })}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isSaving ? <CircularProgress size={18} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
      data-testid="labels-input"
    />
  );
}
