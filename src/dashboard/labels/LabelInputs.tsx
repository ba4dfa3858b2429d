// The fields of a tag, shared by create and edit: a name (at most 16) and an optional colour.
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import { TextInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TAG_NAME_MAX } from '../../shared/constants';
import { labelInputSchema } from '../../shared/schemas/label';
import { zodValidate } from '../validation';
import { LABEL_PALETTE, chipSx, textOn } from './labelColors';

export const validateLabel = zodValidate(labelInputSchema);

function ColorInput() {
  const translate = useTranslate();
  const { field } = useInput<string | null>({ source: 'color' });
  const current = typeof field.value === 'string' && field.value ? field.value : null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {translate('resources.labels.fields.color')}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Tooltip title={translate('app.labels.no_color')}>
          <IconButton
            size="small"
            onClick={() => field.onChange(null)}
            aria-pressed={current === null}
            aria-label={translate('app.labels.no_color')}
            sx={{ border: 1, borderColor: current === null ? 'primary.main' : 'divider' }}
            data-testid="label-color-none"
          >
            <BlockIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {LABEL_PALETTE.map((color) => (
          <IconButton
            key={color}
            size="small"
            onClick={() => field.onChange(color)}
            aria-pressed={current === color}
            aria-label={color}
            sx={{
              bgcolor: color,
              color: textOn(color),
              width: 32,
              height: 32,
              outline: current === color ? 2 : 0,
              outlineColor: 'text.primary',
              outlineOffset: 2,
              '&:hover': { bgcolor: color, opacity: 0.85 },
            }}
            data-testid={`label-color-${color.slice(1)}`}
          >
            {current === color ? <CheckIcon fontSize="small" /> : null}
          </IconButton>
        ))}
      </Stack>
    </Box>
  );
}

function Preview() {
  const translate = useTranslate();
  const name = useWatch({ name: 'name' }) as string | undefined;
  const color = useWatch({ name: 'color' }) as string | null | undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('app.labels.preview')}
      </Typography>
      <Chip size="small" label={name?.trim() || '…'} sx={chipSx({ color: color ?? null })} />
    </Stack>
  );
}

export function LabelInputs() {
  const translate = useTranslate();
  const name = useWatch({ name: 'name' }) as string | undefined;
  return (
    <Box sx={{ width: '100%', maxWidth: 480 }}>
      <TextInput
        source="name"
        fullWidth
        helperText={translate('app.labels.name_help', {
          count: name?.trim().length ?? 0,
          max: TAG_NAME_MAX,
        })}
        slotProps={{ htmlInput: { 'data-testid': 'label-name-input', maxLength: 64 } }}
      />
      <ColorInput />
      <Preview />
    </Box>
  );
}
