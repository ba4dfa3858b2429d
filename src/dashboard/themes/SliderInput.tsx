// A bounded number as a slider with a number box beside it (the box can be typed past the bounds,
// and then shows the schema's message at once: SPEC §5 validates on every change).
import { useEffect, useState } from 'react';
import { Box, FormHelperText, Slider, Stack, TextField, Typography } from '@mui/material';
import { InputHelperText, useInput, useTranslate } from 'react-admin';

export interface SliderInputProps {
  source: string;
  label: string;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  testId?: string;
}

export function SliderInput({ source, label, min, max, step = 1, unit, testId }: SliderInputProps) {
  const translate = useTranslate();
  const { field, fieldState, formState, id } = useInput({ source });
  const numeric = typeof field.value === 'number' ? field.value : Number(field.value);
  const [text, setText] = useState(String(field.value ?? ''));
  useEffect(() => {
    setText((current) => (Number(current) === field.value ? current : String(field.value ?? '')));
  }, [field.value]);
  const showError =
    fieldState.invalid && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
  const name = translate(label);
  return (
    <Box sx={{ mb: 2, maxWidth: 440 }}>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        color={showError ? 'error' : 'text.secondary'}
      >
        {name}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Slider
          value={Number.isFinite(numeric) ? Math.min(max, Math.max(min, numeric)) : min}
          min={min}
          max={max}
          step={step}
          onChange={(_event, value) => field.onChange(value as number)}
          onChangeCommitted={() => field.onBlur()}
          aria-label={name}
          sx={{ flex: 1 }}
        />
        <TextField
          id={id}
          size="small"
          type="number"
          value={text}
          error={showError}
          onChange={(event) => {
            setText(event.target.value);
            const number = Number(event.target.value);
            field.onChange(event.target.value === '' || Number.isNaN(number) ? null : number);
          }}
          onBlur={field.onBlur}
          sx={{ width: 110 }}
          slotProps={{
            htmlInput: { 'data-testid': testId, step, 'aria-label': name },
            input: unit
              ? { endAdornment: <Typography variant="caption">{unit}</Typography> }
              : undefined,
          }}
        />
      </Stack>
      {showError && (
        <FormHelperText error data-testid={testId ? `${testId}-error` : undefined}>
          <InputHelperText error={fieldState.error?.message} helperText={false} />
        </FormHelperText>
      )}
    </Box>
  );
}
