// A #rrggbb field: the browser's colour picker beside a text field for the hex value.
import { Box, InputAdornment } from '@mui/material';
import { TextInput, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

const HEX = /^#[0-9a-f]{6}$/i;

function Swatch({ source, label }: { source: string; label: string }) {
  const { setValue } = useFormContext();
  // Inside an ArrayInput the source is relative to the row.
  const path = useWrappedSource(source);
  const value = useWatch({ name: path }) as string | undefined;
  return (
    <Box
      component="input"
      type="color"
      aria-label={label}
      value={value && HEX.test(value) ? value.toLowerCase() : '#000000'}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
        setValue(path, event.target.value, { shouldDirty: true, shouldValidate: true })
      }
      sx={{
        width: 28,
        height: 28,
        p: 0,
        border: 0,
        bgcolor: 'transparent',
        cursor: 'pointer',
        '&::-webkit-color-swatch-wrapper': { p: 0 },
        '&::-webkit-color-swatch': { border: '1px solid rgba(0,0,0,.2)', borderRadius: '50%' },
      }}
    />
  );
}

export function ColorInput({
  source,
  label,
  testId,
  defaultValue,
}: {
  source: string;
  label: string;
  testId?: string;
  /** For rows added to an ArrayInput. */
  defaultValue?: string;
}) {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      label={label}
      defaultValue={defaultValue}
      fullWidth={false}
      sx={{ width: 180 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Swatch source={source} label={translate(label)} />
            </InputAdornment>
          ),
        },
        htmlInput: { 'data-testid': testId ?? `theme-color-${source.replace(/\./g, '-')}` },
      }}
    />
  );
}
