// The tags of a record as chips (a list column, a details screen). Inside a list, a click on a
// chip filters the list by that tag.
import { useContext } from 'react';
import { Chip, Stack } from '@mui/material';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import { ListContext, useRecordContext } from 'react-admin';
import type { LabelSummary } from '../../shared/schemas/label';
import { chipSx } from './labelColors';

export interface LabelChipsProps {
  /** The tags; defaults to the record's `labels` (as every QR code, short link and Action answers). */
  labels?: LabelSummary[];
  /** Show at most this many chips and a "+n" for the rest. */
  max?: number;
  /** Filter the surrounding list by a tag when its chip is clicked (default true). */
  isFilterable?: boolean;
}

export function LabelChips({ labels, max = 4, isFilterable = true }: LabelChipsProps) {
  const record = useRecordContext<{ labels?: LabelSummary[] }>();
  const list = useContext(ListContext);
  const all = labels ?? record?.labels ?? [];
  if (all.length === 0) return null;
  const shown = all.slice(0, max);
  const rest = all.length - shown.length;
  const canFilter = isFilterable && !!list?.setFilters;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {shown.map((label) => (
        <Chip
          key={label.id}
          size="small"
          icon={<LabelIcon sx={{ color: 'inherit !important' }} />}
          label={label.name}
          sx={chipSx(label)}
          data-testid="label-chip"
          onClick={
            canFilter
              ? (event) => {
                  // The row's own click opens the record; this one filters.
                  event.stopPropagation();
                  list.setFilters({ ...list.filterValues, labelId: label.id }, undefined);
                }
              : undefined
          }
        />
      ))}
      {rest > 0 && <Chip size="small" variant="outlined" label={`+${rest}`} />}
    </Stack>
  );
}
