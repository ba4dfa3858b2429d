// Picks one more item to link (a QR code to an ad, or an ad to a QR code): a searchable
// Autocomplete over the project's items, minus those already linked, and a Link button.
import { useState } from 'react';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import LinkIcon from '@mui/icons-material/AddLink';
import { useGetList, useTranslate } from 'react-admin';

export interface PickerOption {
  id: string;
  name: string;
  /** A second line: the code, or the display time. */
  detail?: string;
}

export interface LinkPickerProps {
  resource: 'qr-codes' | 'advertisements';
  projectId: string;
  exclude: ReadonlySet<string>;
  toOption: (record: Record<string, unknown>) => PickerOption;
  label: string;
  onLink: (id: string) => void;
  busy: boolean;
  testId: string;
}

export function LinkPicker({
  resource,
  projectId,
  exclude,
  toOption,
  label,
  onLink,
  busy,
  testId,
}: LinkPickerProps) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const { data = [], isPending } = useGetList(resource, {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'name', order: 'ASC' },
    filter: search ? { q: search } : {},
    meta: { projectId },
  });
  const options = data
    .map((record) => toOption(record as Record<string, unknown>))
    .filter((option) => !exclude.has(option.id));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <Autocomplete
        sx={{ flex: 1, minWidth: 240, width: '100%' }}
        size="small"
        options={options}
        loading={isPending}
        value={picked}
        onChange={(_event, value) => setPicked(value)}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input') setSearch(value);
        }}
        filterOptions={(all) => all}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <span>
              {option.name}
              {option.detail && (
                <small style={{ display: 'block', opacity: 0.7 }}>{option.detail}</small>
              )}
            </span>
          </li>
        )}
        noOptionsText={translate('app.advertisements.no_options')}
        renderInput={(params) => (
          <TextField {...params} label={label} data-testid={`${testId}-input`} />
        )}
      />
      <Button
        variant="contained"
        startIcon={<LinkIcon />}
        disabled={!picked || busy}
        onClick={() => {
          if (!picked) return;
          onLink(picked.id);
          setPicked(null);
        }}
        data-testid={testId}
      >
        {translate('app.advertisements.link')}
      </Button>
    </Stack>
  );
}
